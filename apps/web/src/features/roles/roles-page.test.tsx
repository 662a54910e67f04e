import { Notifications } from '@mantine/notifications';
import {
  DEFAULT_PERMISSION_SETS,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_SET_INFO,
  PERMISSIONS,
  type PermissionSetsAnswer,
  type PermissionSetView,
  ROLES_API_PATHS,
  ROLES_MESSAGES,
} from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RolesPage } from './components/roles-page.tsx';

const WAIT = { timeout: 10_000 };
const SLOW = 30_000;

function answerOf(): PermissionSetsAnswer {
  return {
    permissions: PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })),
    sets: PERMISSION_SET_INFO.map(
      (info): PermissionSetView => ({
        ...info,
        permissions: [...DEFAULT_PERMISSION_SETS[info.key]],
        defaultPermissions: [...DEFAULT_PERMISSION_SETS[info.key]],
        edited: false,
        updatedAt: null,
        updatedBy: null,
      }),
    ),
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const answer = answerOf();
  const setOf = (key: string) => answer.sets.find((set) => set.key === key)!;
  const calls = stubApi({
    [`GET ${ROLES_API_PATHS.roles}`]: () => ok(answer),
    [`PUT ${ROLES_API_PATHS.roles}/*`]: ({ path, body }) => {
      const set = setOf(path.split('/').pop()!);
      Object.assign(set, { ...(body as object), edited: true, updatedAt: '2026-11-24T10:00:00.000Z' });
      return ok(set);
    },
    [`DELETE ${ROLES_API_PATHS.roles}/*`]: ({ path }) => {
      const set = setOf(path.split('/').pop()!);
      Object.assign(set, { permissions: set.defaultPermissions, edited: false, updatedAt: null });
      return ok(set);
    },
    ...routes,
  });
  renderWithProviders(
    <>
      <Notifications />
      <Suspense fallback="Loading">
        <RolesPage />
      </Suspense>
    </>,
  );
  return calls;
}

const cell = (label: string) => screen.getByRole('checkbox', { name: label });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RolesPage (/roles)', () => {
  it(
    'shows permissions as rows with their meaning, sets as columns by kind, and the media agency note',
    async () => {
      renderPage();
      expect(await screen.findByText(/narrowed by their job role's set/, {}, WAIT)).toBeTruthy();
      const table = screen.getByRole('table', { name: 'Permission sets' });
      expect(within(table).getByText(PERMISSION_DESCRIPTIONS['leads.contact_details'])).toBeTruthy();
      expect(within(table).getByRole('columnheader', { name: 'Organisation roles' })).toBeTruthy();
      expect((cell('Media Agency: leads.contact_details') as HTMLInputElement).checked).toBe(false);
      expect((cell('Media Agency: leads.view') as HTMLInputElement).checked).toBe(true);
      expect(screen.getByText(/role-id list \[8\]/)).toBeTruthy();
      // The one cell that would lock every admin out cannot be unticked.
      expect((cell('Platform admin: settings.manage') as HTMLInputElement).disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'marks a set unsaved, asks before taking a permission away, saves only that set and applies it',
    async () => {
      const calls = renderPage();
      await screen.findByRole('table', { name: 'Permission sets' }, WAIT);
      const save = screen.getByRole('button', { name: 'Save Owner' }) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      fireEvent.click(cell('Owner: reporting.view'));
      expect(screen.getByText(/One set has unsaved changes/)).toBeTruthy();
      expect(save.disabled).toBe(false);
      // Ticking it back leaves nothing to save.
      fireEvent.click(cell('Owner: reporting.view'));
      expect(save.disabled).toBe(true);
      fireEvent.click(cell('Owner: reporting.view'));
      fireEvent.click(save);

      const dialog = await screen.findByRole('dialog', {}, WAIT);
      expect(within(dialog).getByText(/organisation role is Owner loses/)).toBeTruthy();
      expect(within(dialog).getByText('reporting.view')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(callsTo(calls, 'PUT', ROLES_API_PATHS.role('organisation_owner'))).toHaveLength(1),
      );
      const [put] = callsTo(calls, 'PUT', ROLES_API_PATHS.role('organisation_owner'));
      expect(put!.body).toEqual({
        permissions: DEFAULT_PERMISSION_SETS.organisation_owner.filter((name) => name !== 'reporting.view'),
      });
      expect(await screen.findByText('Owner saved', {}, WAIT)).toBeTruthy();
      expect(screen.queryByText(/unsaved changes/)).toBeNull();
      expect((cell('Owner: reporting.view') as HTMLInputElement).checked).toBe(false);

      const reset = screen.getByRole('button', { name: 'Reset to default: Owner' }) as HTMLButtonElement;
      await waitFor(() => expect(reset.disabled).toBe(false));
      fireEvent.click(reset);
      await waitFor(() =>
        expect(callsTo(calls, 'DELETE', ROLES_API_PATHS.role('organisation_owner'))).toHaveLength(1),
      );
      await waitFor(() => expect((cell('Owner: reporting.view') as HTMLInputElement).checked).toBe(true));
    },
    SLOW,
  );

  it(
    'saves an addition without asking, and shows the server refusal with the set it concerns',
    async () => {
      const calls = renderPage({
        [`PUT ${ROLES_API_PATHS.roles}/*`]: apiError(409, 'CONFLICT', ROLES_MESSAGES.lockout),
      });
      await screen.findByRole('table', { name: 'Permission sets' }, WAIT);
      fireEvent.click(cell('Member: crm.manage'));
      fireEvent.click(screen.getByRole('button', { name: 'Save Member' }));
      expect(
        await screen.findByText(`Member was not changed: ${ROLES_MESSAGES.lockout}`, {}, WAIT),
      ).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo(calls, 'PUT', ROLES_API_PATHS.role('organisation_member'))).toHaveLength(1);
      // The unsaved change is kept, to fix or save again.
      expect(screen.getByText(/One set has unsaved changes/)).toBeTruthy();
    },
    SLOW,
  );
});
