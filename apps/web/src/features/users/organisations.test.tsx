import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, ok, stubApi } from '../../test/api-stub.ts';
import { adminUserDetailOf } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MoveToOrganisationButton } from './components/move-to-organisation-modal.tsx';
import { NewOrganisationModal } from './components/new-organisation-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORGANISATIONS = [
  { id: 'org-a', name: 'Harbourline Developments', abn: null, members: 3 },
  { id: 'org-b', name: 'Southern Cross Homes', abn: '51824753556', members: 1 },
];

const writes = (calls: ApiCall[]) =>
  calls.filter((call) => call.method !== 'GET' && !call.path.startsWith('/api/notifications/'));

describe('/users "New organisation"', () => {
  it('creates an organisation with its ABN and closes', async () => {
    const calls = stubApi({
      'POST /api/admin/organisations': ({ body }) => ({
        status: 201,
        body: { id: 'new', name: (body as { name: string }).name, abn: '51824753556', members: 0 },
      }),
    });
    const onClose = vi.fn();
    renderWithProviders(<NewOrganisationModal opened onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Coastal Living' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ABN' }), { target: { value: '51 824 753 556' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/organisations', { name: 'Coastal Living', abn: '51 824 753 556' }],
    ]);
  });

  it('refuses a wrong ABN before asking the server', async () => {
    const calls = stubApi();
    renderWithProviders(<NewOrganisationModal opened onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Coastal Living' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ABN' }), { target: { value: '51 824 753 557' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(
      await screen.findByText(/valid.*ABN|ABN/i, { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal of a taken name on the field", async () => {
    stubApi({
      'POST /api/admin/organisations': apiError(
        409,
        'CONFLICT',
        'An organisation with this name already exists.',
        {
          name: 'An organisation with this name already exists.',
        },
      ),
    });
    renderWithProviders(<NewOrganisationModal opened onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbourline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('An organisation with this name already exists.')).toBeTruthy();
  });
});

describe('/profile/{id} "Move to organisation…"', () => {
  function stubMove(answer = ok({ userId: 'u2', organisation: ORGANISATIONS[1], role: 'owner' })) {
    return stubApi({
      'GET /api/admin/organisations': ({ url }) => {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        return ok({ items: ORGANISATIONS.filter((item) => item.name.toLowerCase().includes(q)) });
      },
      'PUT /api/admin/users/u2/organisation': answer,
    });
  }

  it('searches organisations, moves the person with the chosen role and closes', async () => {
    const calls = stubMove();
    renderWithProviders(<MoveToOrganisationButton user={adminUserDetailOf()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move to organisation…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search organisations' }), {
      target: { value: 'south' },
    });
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/api/admin/organisations' && call.url.searchParams.get('q') === 'south',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: 'Harbourline Developments' })).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Southern Cross Homes' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Owner' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/admin/users/u2/organisation', { organisationId: 'org-b', role: 'owner' }],
    ]);
  });

  it("shows the server's last-owner refusal and stays open", async () => {
    stubMove(
      apiError(
        409,
        'CONFLICT',
        'They are the last owner of their organisation: make someone else an owner first.',
      ),
    );
    renderWithProviders(<MoveToOrganisationButton user={adminUserDetailOf()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move to organisation…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Southern Cross Homes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('last owner');
  });

  it('is not offered for platform admins', () => {
    stubApi();
    renderWithProviders(<MoveToOrganisationButton user={adminUserDetailOf({ isAdmin: true })} />);
    expect(screen.queryByRole('button', { name: 'Move to organisation…' })).toBeNull();
  });
});
