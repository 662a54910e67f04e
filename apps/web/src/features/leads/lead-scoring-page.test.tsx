import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ScoringPreview, ScoringRule } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { createAppRouter } from '../../router.tsx';
import { apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { adminSessionOf, sessionOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';

// The editor is a table of Mantine inputs: rendering and re-rendering it is slow under jsdom.
const SLOW = 60_000;
const WAIT = { timeout: 10_000 };

const RULES: ScoringRule[] = [
  {
    id: 1,
    field: 'financeStatus',
    operator: 'in',
    value: ['PRE_APPROVED', 'CASH'],
    points: 20,
    label: 'Finance pre-approved',
    enabled: true,
  },
  {
    id: 2,
    field: 'hasPhone',
    operator: 'present',
    value: null,
    points: 5,
    label: 'Gave a phone',
    enabled: true,
  },
];

const PREVIEW: ScoringPreview = {
  leads: [
    {
      id: 31,
      projectTitle: 'Harbour Residences',
      name: 'Ava Buyer',
      createdAt: '2026-03-01T00:00:00.000Z',
      currentScore: 25,
      newScore: 45,
      newContributions: [
        { ruleId: 1, label: 'Finance pre-approved', points: 40 },
        { ruleId: 2, label: 'Gave a phone', points: 5 },
      ],
    },
    {
      id: 32,
      projectTitle: 'Quay Towers',
      name: 'Ben Buyer',
      createdAt: '2026-03-02T00:00:00.000Z',
      currentScore: 5,
      newScore: 5,
      newContributions: [{ ruleId: 2, label: 'Gave a phone', points: 5 }],
    },
  ],
  changed: 1,
  raised: 1,
  lowered: 0,
};

function stubScoringApi(session: unknown = adminSessionOf()) {
  return stubApi({
    'GET /api/auth/get-session': ok(session),
    'GET /api/lead-scoring/rules': ok({ rules: RULES }),
    'POST /api/lead-scoring/preview': ({ body }) => {
      const { rules } = body as { rules: { label: string }[] };
      if (rules.some((rule) => rule.label === 'Bad')) {
        return apiError(400, 'VALIDATION_FAILED', 'Check the rules.', {
          'rules.1.points': 'Too many points',
        });
      }
      return ok(PREVIEW);
    },
    'PUT /api/lead-scoring/rules': ({ body }) => {
      const { rules } = body as { rules: Omit<ScoringRule, 'id'>[] };
      return ok({ rules: rules.map((rule, index) => ({ ...rule, id: 100 + index })) });
    },
  });
}

function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

const saveButton = () => screen.getByRole('button', { name: 'Save rules' }) as HTMLButtonElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/lead-scoring', () => {
  it(
    'saves only after the draft is previewed, and shows how the recent leads would change',
    async () => {
      const calls = stubScoringApi();
      renderApp('/lead-scoring');
      const rules = await screen.findByRole('list', { name: 'Scoring rules' }, WAIT);
      expect(screen.getByRole('link', { name: 'Lead Scoring' }).getAttribute('href')).toBe('/lead-scoring');
      expect(within(rules).getAllByTestId('scoring-rule')).toHaveLength(2);
      expect(saveButton().disabled).toBe(true);

      fireEvent.change(screen.getByRole('textbox', { name: 'Rule 1 points' }), { target: { value: '40' } });
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

      const preview = await screen.findByRole('region', { name: 'Preview' }, WAIT);
      expect(within(preview).getByText('1 would change: 1 raised, 0 lowered.')).toBeTruthy();
      const changes = within(preview).getByRole('table', { name: 'Score changes' });
      expect(within(changes).getByText('Ava Buyer')).toBeTruthy();
      expect(within(changes).getByText('+40 Finance pre-approved, +5 Gave a phone')).toBeTruthy();
      expect(within(changes).queryByText('Ben Buyer')).toBeNull();
      const [financeRule, phoneRule] = RULES.map(({ id: _id, ...rule }) => rule);
      expect(callsTo(calls, 'POST', '/api/lead-scoring/preview').map((call) => call.body)).toEqual([
        { rules: [{ ...financeRule, points: 40 }, phoneRule] },
      ]);
      await waitFor(() => expect(saveButton().disabled).toBe(false));

      // A change after the preview needs a new one.
      fireEvent.click(screen.getByRole('switch', { name: 'Rule 2 enabled' }));
      expect(saveButton().disabled).toBe(true);
      fireEvent.click(screen.getByRole('switch', { name: 'Rule 2 enabled' }));
      expect(saveButton().disabled).toBe(false);

      fireEvent.click(saveButton());
      expect(await screen.findByText('Scoring rules saved', {}, WAIT)).toBeTruthy();
      const saved = callsTo(calls, 'PUT', '/api/lead-scoring/rules');
      expect(saved).toHaveLength(1);
      expect((saved[0]!.body as { rules: { points: number }[] }).rules.map((rule) => rule.points)).toEqual([
        40, 5,
      ]);
    },
    SLOW,
  );

  it(
    'adds, reorders and deletes rules, with a value control fitting the field',
    async () => {
      stubScoringApi();
      renderApp('/lead-scoring');
      await screen.findByRole('list', { name: 'Scoring rules' }, WAIT);

      // An enumeration compared with "is one of" offers its values to pick several.
      expect(screen.getByRole('combobox', { name: 'Rule 1 values' })).toBeTruthy();
      // A yes/no fact has no value to give.
      expect(screen.queryByRole('combobox', { name: 'Rule 2 value' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
      expect(screen.getAllByTestId('scoring-rule')).toHaveLength(3);
      fireEvent.click(screen.getByRole('combobox', { name: 'Rule 3 field' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Budget ($)' }));
      expect((screen.getByRole('combobox', { name: 'Rule 3 condition' }) as HTMLInputElement).value).toBe(
        'is at least',
      );
      expect(screen.getByRole('textbox', { name: 'Rule 3 value' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
      expect((screen.getByRole('textbox', { name: 'Rule 1 label' }) as HTMLInputElement).value).toBe(
        'Gave a phone',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Delete rule 1' }));
      expect(screen.getAllByTestId('scoring-rule')).toHaveLength(2);
      expect((screen.getByRole('textbox', { name: 'Rule 1 label' }) as HTMLInputElement).value).toBe(
        'Finance pre-approved',
      );
    },
    SLOW,
  );

  it(
    "shows the browser's and the server's field messages next to the rule",
    async () => {
      const calls = stubScoringApi();
      renderApp('/lead-scoring');
      await screen.findByRole('list', { name: 'Scoring rules' }, WAIT);

      fireEvent.change(screen.getByRole('textbox', { name: 'Rule 2 label' }), { target: { value: '' } });
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
      expect(await screen.findByText('Give the rule a label')).toBeTruthy();
      expect(callsTo(calls, 'POST', '/api/lead-scoring/preview')).toHaveLength(0);

      fireEvent.change(screen.getByRole('textbox', { name: 'Rule 2 label' }), { target: { value: 'Bad' } });
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
      expect(await screen.findByText('Too many points', {}, WAIT)).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Rule 2 points' }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(saveButton().disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'answers anyone but an admin with the not-found page',
    async () => {
      const calls = stubScoringApi(sessionOf());
      renderApp('/lead-scoring');
      expect(await screen.findByRole('heading', { name: 'Page not found' }, WAIT)).toBeTruthy();
      expect(callsTo(calls, 'GET', '/api/lead-scoring/rules')).toHaveLength(0);
    },
    SLOW,
  );
});
