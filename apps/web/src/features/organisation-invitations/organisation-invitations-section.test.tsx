import type { OrganisationInvitation } from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrganisationInvitationsSection } from './index.ts';

const SLOW = 30_000;

const invitationOf = (
  id: string,
  email: string,
  values: Partial<OrganisationInvitation> = {},
): OrganisationInvitation => ({
  id,
  email,
  firstName: 'Ivy',
  lastName: 'Invited',
  role: 'member',
  invitedBy: 'Olive Owner',
  sentAt: '2026-11-20T00:00:00.000Z',
  expiresAt: '2026-11-27T00:00:00.000Z',
  ...values,
});

/** The organisation's invitations as the server keeps them: a revoke takes one off the list. */
function stubInvitationsApi(initial: OrganisationInvitation[]) {
  let items = initial;
  return stubApi({
    'GET /api/organisation/invitations': () => ok({ items }),
    'POST /api/organisation/invitations': ({ body }) => {
      const input = body as { email: string; firstName: string; lastName: string; role: 'member' };
      if (input.email === 'taken@example.com') {
        return apiError(409, 'CONFLICT', 'This person is already a member of your organisation', {
          email: 'This person is already a member of your organisation',
        });
      }
      const created = invitationOf('new', input.email, input);
      items = [created, ...items];
      return { status: 201, body: created };
    },
    'POST /api/organisation/invitations/*': ({ path }) => ok(items.find((item) => path.includes(item.id))),
    'DELETE /api/organisation/invitations/*': ({ path }) => {
      items = items.filter((item) => !path.endsWith(item.id));
      return new Response(null, { status: 204 });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

const table = () => screen.findByRole('table', { name: 'Pending invitations' });

describe('OrganisationInvitationsSection', () => {
  it('lists pending invitations with role, inviter and dates; members get no buttons', async () => {
    stubInvitationsApi([invitationOf('i1', 'ava@example.com', { role: 'admin' })]);
    renderWithProviders(<OrganisationInvitationsSection canManage={false} isOwner={false} />);
    const row = within(await table())
      .getByText('ava@example.com')
      .closest('tr')!;
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText('Olive Owner')).toBeTruthy();
    expect(within(row).getByText('27 Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /resend/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
  });

  it('says when nobody is waiting', async () => {
    stubInvitationsApi([]);
    renderWithProviders(<OrganisationInvitationsSection canManage isOwner />);
    expect((await screen.findByRole('status')).textContent).toContain('No pending invitations.');
  });

  it('resends, and revokes only after a confirmation', { timeout: SLOW }, async () => {
    const calls = stubInvitationsApi([invitationOf('i1', 'ava@example.com')]);
    renderWithProviders(<OrganisationInvitationsSection canManage isOwner={false} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to ava@example.com' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/organisation/invitations/i1/resend')).toHaveLength(1),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to ava@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(callsTo(calls, 'DELETE', '/api/organisation/invitations/i1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/organisation/invitations/i1')).toHaveLength(1));
    expect((await screen.findByRole('status')).textContent).toContain('No pending invitations.');
  });
});

describe('Invite someone', () => {
  async function openInvite(isOwner: boolean) {
    const calls = stubInvitationsApi([]);
    renderWithProviders(<OrganisationInvitationsSection canManage isOwner={isOwner} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    return { calls, dialog };
  }

  const fill = (dialog: HTMLElement, email: string) => {
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: email } });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Nia' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'New' } });
  };

  async function roleOptions(dialog: HTMLElement) {
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    return (await screen.findAllByRole('option', { hidden: true })).map((option) => option.textContent);
  }

  it('offers the owner role to owners only', { timeout: SLOW }, async () => {
    const { dialog } = await openInvite(false);
    expect(await roleOptions(dialog)).toEqual(['Admin', 'Member']);
  });

  it('sends the invitation and lists it', { timeout: SLOW }, async () => {
    const { calls, dialog } = await openInvite(true);
    expect(await roleOptions(dialog)).toEqual(['Owner', 'Admin', 'Member']);
    fireEvent.click(screen.getByRole('option', { name: 'Admin', hidden: true }));
    fill(dialog, 'Nia@Example.com ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/organisation/invitations')).toHaveLength(1));
    expect((callsTo(calls, 'POST', '/api/organisation/invitations')[0] as ApiCall).body).toEqual({
      email: 'nia@example.com',
      firstName: 'Nia',
      lastName: 'New',
      role: 'admin',
    });
    expect(await within(await table()).findByText('nia@example.com')).toBeTruthy();
  });

  it("shows the server's refusal at the email field and an invalid email before sending", {
    timeout: SLOW,
  }, async () => {
    const { calls, dialog } = await openInvite(true);
    fill(dialog, 'not-an-email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/organisation/invitations')).toHaveLength(0);

    fill(dialog, 'taken@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('This person is already a member of your organisation'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
