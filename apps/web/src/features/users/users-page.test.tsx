import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { type AppRouter, createAppRouter } from '../../router.tsx';
import { type ApiCall, apiError, ok, stubApi as stubFrameApi } from '../../test/api-stub.ts';
import { adminSessionOf, adminUserDetailOf, adminUserRowOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

const row = adminUserRowOf;

const PER_PAGE = 25;
const everyone = Array.from({ length: 60 }, (_, index) => row(index + 1));

const detail = adminUserDetailOf;

type Posted = { path: string; body: unknown };

/** Answers like the API: q filters by name/email, pages of 25. Records each users query asked. */
function stubApi(role = 'admin', posted: Posted[] = []) {
  const userQueries: { q: string | null; page: string | null; perPage: string | null }[] = [];
  let banned = false;
  let stored = detail({ emailVerified: false, jobRoleId: 2 });
  const onCall = (call: ApiCall) => {
    // The frame's own calls (the bell's notification token) are not this page's writes.
    const write = call.method === 'POST' || call.method === 'PATCH';
    if (write && !call.path.startsWith('/api/notifications/')) {
      posted.push({ path: call.path, body: call.body });
    }
  };
  stubFrameApi(
    {
      'GET /api/admin/users/u2': () =>
        ok({ ...stored, ...(banned ? { banned: true, banReason: 'Spam listings' } : {}) }),
      ...profileSectionRoutes(),
      'PATCH /api/admin/users/u2': ({ body }) => {
        const edit = body as { firstName: string; lastName: string; title: string; jobRoleId?: number };
        stored = { ...stored, ...edit, name: `${edit.firstName} ${edit.lastName}` };
        return ok(stored);
      },
      'POST /api/admin/users/u2/verify-email': () => {
        stored = { ...stored, emailVerified: true };
        return ok(stored);
      },
      'POST /api/admin/users/u2/password-reset': () => ok({ sentTo: stored.email }),
      'POST /api/auth/admin/ban-user': () => {
        banned = true;
        return ok({ user: { id: 'u2' } });
      },
      'POST /api/admin/invitations': ({ body }) => {
        const { email } = body as { email: string };
        if (email === 'taken@example.com') {
          return apiError(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
            email: 'This person already has an account.',
          });
        }
        return { status: 201, body: { id: 'inv1', email, expiresAt: '2026-02-01T00:00:00.000Z' } };
      },
      'GET /api/auth/get-session': ok(adminSessionOf({ role })),
      'GET /api/admin/users': ({ url }) => {
        const q = url.searchParams.get('q');
        const page = Number(url.searchParams.get('page') ?? 1);
        userQueries.push({ q, page: url.searchParams.get('page'), perPage: url.searchParams.get('perPage') });
        const matches = everyone.filter((user) => !q || user.name.includes(q) || user.email.includes(q));
        const items = matches.slice((page - 1) * PER_PAGE, page * PER_PAGE);
        return ok({ items, total: matches.length, page, perPage: PER_PAGE });
      },
    },
    { onCall },
  );
  return userQueries;
}

/** The sections of /profile/{id} below the details: a project of each access, one acted-as session, one entry. */
function profileSectionRoutes() {
  const project = { suburb: 'Parramatta', state: 'NSW', stageLabel: 'In planning', requestedAt: null };
  return {
    'GET /api/admin/users/u2/projects': ok({
      items: [
        { ...project, id: 1, name: 'Harbour Towers', access: 'member' },
        { ...project, id: 2, name: 'Riverside Lofts', access: 'recommended' },
        {
          ...project,
          id: 3,
          name: 'Parkview Terraces',
          access: 'pending',
          requestedAt: '2026-01-02T00:00:00Z',
        },
      ],
    }),
    'GET /api/admin/users/u2/sessions': ok({
      sessions: [
        {
          id: 's1',
          createdAt: '2026-01-05T00:00:00.000Z',
          updatedAt: '2026-01-05T01:00:00.000Z',
          expiresAt: '2026-01-05T02:00:00.000Z',
          ipAddress: '203.0.113.9',
          userAgent: 'Mozilla/5.0 (Macintosh) Chrome/130',
          impersonatedBy: { id: 'a1', name: 'Olivia Bennett', email: 'admin@example.com' },
        },
      ],
    }),
    'GET /api/admin/users/u2/audit': ok({
      limit: 50,
      items: [
        {
          id: 9,
          at: '2026-01-05T00:00:00.000Z',
          action: 'admin.user.update',
          actor: { id: 'a1', name: 'Olivia Bennett', email: 'admin@example.com' },
          actingAs: null,
          targetType: 'user',
          targetId: 'u2',
          data: { before: { title: null }, after: { title: 'Head of Marketing' } },
        },
      ],
    }),
  };
}

function renderApp(path: string): AppRouter {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Users' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tableRow) => within(tableRow).getAllByRole('cell')[0]?.textContent ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/users (admin)', () => {
  it('lists the first page under the Users title and the admin navigation', async () => {
    const queries = stubApi();
    renderApp('/users');

    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect(rowNames()).toHaveLength(25);
    expect(rowNames()[0]).toBe('User 1');
    expect(screen.getByText('Showing 1–25 of 60')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('link', { name: 'Dev Mailbox' }).getAttribute('href')).toBe('/dev/mailbox');
    expect(queries[0]).toEqual({ q: null, page: '1', perPage: '25' });
  });

  it('searches once typing pauses, puts the search in the URL and starts at page 1', async () => {
    const queries = stubApi();
    const router = renderApp('/users?page=2');
    expect(await screen.findByText('Showing 26–50 of 60')).toBeTruthy();

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: 'U' } });
    fireEvent.change(box, { target: { value: 'User 42' } });

    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'User 42' }));
    await waitFor(() => expect(rowNames()).toEqual(['User 42']));
    // One call for the pause, none for the keystroke before it.
    expect(queries.slice(1)).toEqual([{ q: 'User 42', page: '1', perPage: '25' }]);
    expect((box as HTMLInputElement).value).toBe('User 42');
  });

  it('reads the search and page from the URL', async () => {
    const queries = stubApi();
    renderApp('/users?q=user1&page=1');

    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('user1');
    expect(queries[0]).toEqual({ q: 'user1', page: '1', perPage: '25' });
  });

  it('pages through the results, keeping the search', async () => {
    const queries = stubApi();
    const router = renderApp('/users?q=User');
    expect(await screen.findByText('Showing 1–25 of 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(await screen.findByText('Showing 51–60 of 60')).toBeTruthy();
    expect(router.state.location.search).toEqual({ q: 'User', page: 3 });
    expect(rowNames()[0]).toBe('User 51');
    expect(queries.at(-1)).toEqual({ q: 'User', page: '3', perPage: '25' });
  });

  it('says when nothing matches', async () => {
    stubApi();
    renderApp('/users?q=nobody');

    expect(await screen.findByText('No users match “nobody”.')).toBeTruthy();
  });

  it("opens a user's profile from the row", async () => {
    stubApi();
    const router = renderApp('/users');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'User 2' }).getAttribute('href')).toBe('/profile/u2');
    fireEvent.click(within(screen.getByRole('table')).getByText('user2@example.com'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u2'));
  });
});

describe('Invite user', () => {
  it('sends the invitation and closes', async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), {
      target: { value: ' new@example.com ' },
    });
    fireEvent.change(within(dialog).getByLabelText('First name', { exact: false }), {
      target: { value: 'Nia' },
    });
    fireEvent.change(within(dialog).getByLabelText('Last name', { exact: false }), {
      target: { value: 'New' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).toBeNull());
    expect(posted).toEqual([
      {
        path: '/api/admin/invitations',
        body: { email: 'new@example.com', firstName: 'Nia', lastName: 'New' },
      },
    ]);
  });

  it('checks the fields first, then shows the server field message and keeps the values', async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Enter a first name')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), {
      target: { value: 'taken@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('First name', { exact: false }), {
      target: { value: 'Tam' },
    });
    fireEvent.change(within(dialog).getByLabelText('Last name', { exact: false }), {
      target: { value: 'Taken' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByText('This person already has an account.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Email', { exact: false }) as HTMLInputElement).value).toBe(
      'taken@example.com',
    );
  });
});

describe('/profile/{id} (admin)', () => {
  it("shows the user under the 'User Profile' title, with why acting as them is refused", async () => {
    stubApi();
    renderApp('/profile/u2');

    expect(await screen.findByRole('heading', { name: 'User 2' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { name: 'User Profile' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Act as this user' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('This user has opted out of being impersonated.')).toBeTruthy();
    expect(screen.getByText('Harbourline Developments')).toBeTruthy();
  });

  it('bans with a reason after asking, then shows the user as banned', async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/profile/u2');

    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User 2' });
    fireEvent.change(within(dialog).getByLabelText('Reason', { exact: false }), {
      target: { value: 'Spam listings' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));

    expect(await screen.findByRole('button', { name: 'Unban' })).toBeTruthy();
    expect(screen.getByText('Spam listings')).toBeTruthy();
    expect(posted).toEqual([
      { path: '/api/auth/admin/ban-user', body: { userId: 'u2', banReason: 'Spam listings' } },
    ]);
  });

  it('answers a non-admin with the not-found page', async () => {
    stubApi('user');
    renderApp('/profile/u2');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('/profile/{id} editing (admin)', () => {
  // A modal form with a Select, typed into three times: seconds of jsdom work on a busy machine.
  it('edits names, title and job role, then shows them', { timeout: 15_000 }, async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/profile/u2');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User 2' });
    fireEvent.change(within(dialog).getByLabelText('First name', { exact: false }), {
      target: { value: 'Sophia' },
    });
    fireEvent.change(within(dialog).getByLabelText('Last name', { exact: false }), {
      target: { value: 'Williams' },
    });
    fireEvent.change(within(dialog).getByLabelText('Title', { exact: false }), {
      target: { value: 'Head of Marketing' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Sophia Williams' })).toBeTruthy();
    expect(screen.getByText('Head of Marketing')).toBeTruthy();
    expect(posted).toEqual([
      {
        path: '/api/admin/users/u2',
        body: { firstName: 'Sophia', lastName: 'Williams', title: 'Head of Marketing', jobRoleId: 2 },
      },
    ]);
  });

  it('refuses an empty first name in the form, without a call', async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/profile/u2');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User 2' });
    fireEvent.change(within(dialog).getByLabelText('First name', { exact: false }), {
      target: { value: ' ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Enter your first name')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('marks the email verified after asking, and the badge follows', async () => {
    const posted: Posted[] = [];
    stubApi('admin', posted);
    renderApp('/profile/u2');

    expect(await screen.findByText('Not verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark email verified' }));
    const dialog = await screen.findByRole('dialog', { name: /^Mark .* verified$/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark verified' }));

    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    expect(posted).toEqual([{ path: '/api/admin/users/u2/verify-email', body: undefined }]);
  });

  it('shows projects with their access, sessions with who acted as them, and the audit entries', async () => {
    stubApi();
    renderApp('/profile/u2');

    const projects = await screen.findByRole('table', { name: 'Projects' });
    expect(within(projects).getByText('Harbour Towers')).toBeTruthy();
    expect(within(projects).getByText('Recommended')).toBeTruthy();
    expect(within(projects).getByText('Awaiting access')).toBeTruthy();
    const sessions = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(sessions).getByText('Acted as by Olivia Bennett')).toBeTruthy();
    expect(within(sessions).getByText('203.0.113.9')).toBeTruthy();
    const activity = await screen.findByRole('table', { name: 'Activity' });
    expect(within(activity).getByText('Details edited by an admin')).toBeTruthy();
    expect(within(activity).getByText('title: — → Head of Marketing')).toBeTruthy();
  });
});

describe('/users (others)', () => {
  it('answers a non-admin with the not-found page and never asks for users', async () => {
    const queries = stubApi('user');
    renderApp('/users');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(queries).toEqual([]);
  });
});
