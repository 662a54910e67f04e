import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInRouter, stubApi } from '../test-utils.tsx';
import { AUTH_VALIDATION } from '../validation.ts';
import { RoleForm } from './role-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RoleForm (design §1 job roles)', () => {
  it('asks for a choice before calling anyone', async () => {
    const calls = stubApi();
    await renderInRouter(<RoleForm currentRoleId={null} onChosen={() => {}} />);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(AUTH_VALIDATION.roleRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('saves the chosen role by its id', async () => {
    const calls = stubApi({ 'POST /api/account/role': { status: 200, body: { jobRoleId: 8 } } });
    const onChosen = vi.fn();
    await renderInRouter(<RoleForm currentRoleId={null} onChosen={onChosen} />);

    fireEvent.click(screen.getByRole('radio', { name: /Media Agency/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onChosen).toHaveBeenCalledOnce());
    expect(callsTo(calls, 'POST', '/api/account/role')[0]?.body).toEqual({ roleId: 8 });
  });

  it('shows the role already chosen as selected', async () => {
    await renderInRouter(<RoleForm currentRoleId={2} onChosen={() => {}} />);
    expect(screen.getByRole('radio', { name: /Project Marketer/ }).getAttribute('aria-checked')).toBe('true');
  });
});
