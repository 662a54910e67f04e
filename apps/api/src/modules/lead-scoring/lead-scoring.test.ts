import {
  type ApiError,
  ERROR_CODES,
  LEAD_SCORING_PREVIEW_SIZE,
  type ScoringRule,
  type ScoringRuleInput,
  scoreLead,
} from '@offplan/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadScoringRules, leads } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { leadJobFixtures } from '../leads/lead-jobs.fixtures.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { loadScoringRules, rescoreOpenLeads } from './lead-scoring.repository.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let l: ReturnType<typeof leadJobFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let admin: Person;
let owner: Person;
let projectId: number;

const DAY = 24 * 60 * 60 * 1000;
const RULES = '/api/lead-scoring/rules';
const PREVIEW = '/api/lead-scoring/preview';

const put = (cookie: string | undefined, json: unknown) =>
  t.request(RULES, { method: 'PUT', json, ...(cookie ? { cookie } : {}) });
const preview = (cookie: string | undefined, json: unknown) =>
  t.request(PREVIEW, { method: 'POST', json, ...(cookie ? { cookie } : {}) });

/** Typed calls (t.client) for what the contract can type; `put`/`preview` above send anything. */
const asAdmin = () => ({ headers: { cookie: admin.cookie } });
const answered = (status: number) => new Error(`expected 200, got ${status}`);
async function rulesNow() {
  const response = await t.client.api['lead-scoring'].rules.$get({}, asAdmin());
  if (response.status !== 200) throw answered(response.status);
  return (await response.json()).rules;
}
async function saveRules(rules: ScoringRuleInput[]) {
  const response = await t.client.api['lead-scoring'].rules.$put({ json: { rules } }, asAdmin());
  if (response.status !== 200) throw answered(response.status);
  return (await response.json()).rules;
}
async function previewRules(rules: ScoringRuleInput[]) {
  const response = await t.client.api['lead-scoring'].preview.$post({ json: { rules } }, asAdmin());
  if (response.status !== 200) throw answered(response.status);
  return response.json();
}

/** The default rules (migration 0009) with one rule made much stronger, as an admin would edit them. */
const cashWorth = (points: number, rules: ScoringRule[]): ScoringRuleInput[] =>
  rules.map(({ id: _id, ...rule }) => (rule.label === 'Paying cash' ? { ...rule, points } : rule));

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  l = leadJobFixtures(t);
  const org = await f.organisation('Scoring Developments');
  admin = await f.person({ admin: true });
  owner = await f.person({ organisationId: org, role: 'owner' });
  projectId = await f.project('Scored Place', { organisationId: org });
});
afterAll(() => t.close());

describe('/api/lead-scoring: who may call', () => {
  it('answers 401 without a session and 403 to anyone but a platform admin, and changes nothing', async () => {
    const before = await loadScoringRules(t.db);
    const body = { rules: [] };
    for (const cookie of [undefined, owner.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await t.request(RULES, cookie ? { cookie } : {})).status).toBe(expected);
      expect((await put(cookie, body)).status).toBe(expected);
      expect((await preview(cookie, body)).status).toBe(expected);
    }
    expect(await loadScoringRules(t.db)).toEqual(before);
  });
});

describe('GET /api/lead-scoring/rules', () => {
  it('answers the rules in the order they apply (the 11 defaults of migration 0009)', async () => {
    const rules = await rulesNow();
    expect(rules).toHaveLength(11);
    expect(rules[0]).toMatchObject({
      field: 'financeStatus',
      operator: 'equals',
      value: 'PRE_APPROVED',
      points: 20,
      label: 'Finance pre-approved',
      enabled: true,
    });
    expect(rules.map((rule) => rule.label)).toContain('Came from a campaign');
  });
});

describe('POST /api/lead-scoring/preview', () => {
  it('scores the most recent leads with the proposed rules, counts the changes and writes nothing', async () => {
    const cash = await l.lead(projectId, {
      financeStatus: 'CASH',
      buyerType: 'FIRST_HOME_BUYER',
      baseScore: 20,
      score: 20,
    });
    const browsing = await l.lead(projectId, { timeframe: 'BROWSING', baseScore: 0, score: 0 });
    const rules = await loadScoringRules(t.db);
    const proposed = cashWorth(60, rules);

    const answer = await previewRules(proposed);
    const row = answer.leads.find((item) => item.id === cash.id);
    expect(row).toMatchObject({ projectTitle: 'Scored Place', currentScore: 20, newScore: 60 });
    expect(row?.newContributions).toEqual([{ ruleId: null, label: 'Paying cash', points: 60 }]);
    expect(answer.leads.find((item) => item.id === browsing.id)).toMatchObject({
      currentScore: 0,
      newScore: 0,
    });
    expect(answer.leads.length).toBeLessThanOrEqual(LEAD_SCORING_PREVIEW_SIZE);
    expect(answer.raised).toBe(answer.leads.filter((item) => item.newScore > item.currentScore).length);
    expect(answer.lowered).toBe(answer.leads.filter((item) => item.newScore < item.currentScore).length);
    expect(answer.changed).toBe(answer.raised + answer.lowered);
    expect(answer.raised).toBeGreaterThanOrEqual(1);

    expect(await loadScoringRules(t.db)).toEqual(rules);
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, cash.id));
    expect(stored).toMatchObject({ score: 20, baseScore: 20 });
  });

  it('previews only the most recent 200 leads, newest first', async () => {
    const answer = await previewRules([]);
    const dates = answer.leads.map((item) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (let index = answer.leads.length; index <= LEAD_SCORING_PREVIEW_SIZE; index += 1)
      await l.lead(projectId);
    const full = await previewRules([]);
    expect(full.leads).toHaveLength(LEAD_SCORING_PREVIEW_SIZE);
  });
});

describe('PUT /api/lead-scoring/rules', () => {
  it('refuses bad rules with 400 naming the field, and keeps the saved rules', async () => {
    const before = await loadScoringRules(t.db);
    const good = { field: 'budget', operator: 'gte', value: 500000, points: 10, label: 'Budget $500k+' };
    const cases: [unknown, string][] = [
      [{ rules: [{ ...good, field: 'salary' }] }, 'rules.0.field'],
      [{ rules: [{ ...good, operator: 'between' }] }, 'rules.0.operator'],
      [{ rules: [good, { ...good, value: 'lots' }] }, 'rules.1.value'],
      [{ rules: [{ ...good, operator: 'in', value: 'INVESTOR' }] }, 'rules.0.value'],
      [{ rules: [{ ...good, field: 'buyerType', operator: 'gte', value: 5 }] }, 'rules.0.operator'],
      [{ rules: [{ ...good, field: 'hasPhone', operator: 'equals', value: 'yes' }] }, 'rules.0.operator'],
      [{ rules: [{ ...good, field: 'buyerType', operator: 'equals', value: 'ALIEN' }] }, 'rules.0.value'],
      [
        { rules: [{ ...good, field: 'timeframe', operator: 'in', value: ['READY_NOW', 'SOON'] }] },
        'rules.0.value',
      ],
      [{ rules: [{ ...good, operator: 'equals', value: '800000' }] }, 'rules.0.value'],
      [{ rules: [{ ...good, points: 101 }] }, 'rules.0.points'],
      [{ rules: [{ ...good, points: 2.5 }] }, 'rules.0.points'],
      [{ rules: [{ ...good, label: '   ' }] }, 'rules.0.label'],
      [{ rules: Array.from({ length: 101 }, () => good) }, 'rules'],
      [{}, 'rules'],
    ];
    for (const [body, field] of cases) {
      for (const send of [put, preview]) {
        const response = await send(admin.cookie, body);
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        const { error } = (await response.json()) as ApiError;
        expect(error.code).toBe(ERROR_CODES.validation);
        expect(Object.keys(error.fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
      }
    }
    expect(await loadScoringRules(t.db)).toEqual(before);
  });

  it('replaces the whole set in the order given, with an audit row, and scores the next lead by it', async () => {
    const before = await loadScoringRules(t.db);
    const proposed: ScoringRuleInput[] = [
      { field: 'hasPhone', operator: 'present', value: null, points: 5, label: 'Gave a phone number' },
      ...cashWorth(60, before),
    ];
    const rules = await saveRules(proposed);
    expect(rules.map((rule) => rule.label)).toEqual(proposed.map((rule) => rule.label));
    expect(await loadScoringRules(t.db)).toEqual(rules);
    const positions = await t.db.select({ position: leadScoringRules.position }).from(leadScoringRules);
    expect(positions.map((row) => row.position).sort((a, b) => a - b)).toEqual(
      proposed.map((_, index) => index + 1),
    );

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lead_scoring.replace_rules'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actorUserId).toBe(admin.id);
    const data = entry?.data as { before: unknown[]; after: unknown[] } | undefined;
    expect(data?.before).toHaveLength(before.length);
    expect(data?.after).toHaveLength(proposed.length);

    // What intake does with the next enquiry: score it with the rules as saved now.
    const next = scoreLead(await loadScoringRules(t.db), {
      buyerType: 'FIRST_HOME_BUYER',
      financeStatus: 'CASH',
      timeframe: null,
      budget: null,
      bedrooms: null,
      phone: '+61412345678',
      message: null,
      postcode: null,
      source: 'listing',
      campaignId: null,
    });
    expect(next.score).toBe(65);
    expect(next.contributions.map((item) => item.label)).toEqual(['Gave a phone number', 'Paying cash']);
  });
});

describe('re-scoring after a save (job lead-rescore)', () => {
  it('re-scores open leads of the last 90 days; closed and older leads keep their scores', async () => {
    await saveRules([
      { field: 'financeStatus', operator: 'equals', value: 'CASH', points: 70, label: 'Cash buyer' },
    ]);
    const recent = await l.lead(projectId, { financeStatus: 'CASH', baseScore: 20, score: 20 });
    const inactive = await l.lead(projectId, {
      financeStatus: 'CASH',
      baseScore: 20,
      score: 15,
      createdAt: new Date(Date.now() - 80 * DAY),
      lastActivityAt: new Date(Date.now() - 61 * DAY),
    });
    const settled = await l.lead(projectId, {
      financeStatus: 'CASH',
      status: 'SETTLED',
      baseScore: 20,
      score: 20,
    });
    const old = await l.lead(projectId, {
      financeStatus: 'CASH',
      baseScore: 20,
      score: 20,
      createdAt: new Date(Date.now() - 100 * DAY),
    });

    // Run here directly (the save's own job may run too: both end in the same scores).
    await rescoreOpenLeads(t.db, new Date(), 2);
    const rows = await t.db
      .select()
      .from(leads)
      .where(inArray(leads.id, [recent.id, inactive.id, settled.id, old.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(recent.id)).toMatchObject({
      baseScore: 70,
      score: 70,
      scoreContributions: [{ ruleId: expect.any(Number), label: 'Cash buyer', points: 70 }],
    });
    // 61 days without activity: a quarter of the new base score off, as the decay job would take.
    expect(byId.get(inactive.id)).toMatchObject({ baseScore: 70, score: 52 });
    expect(byId.get(settled.id)).toMatchObject({ baseScore: 20, score: 20 });
    expect(byId.get(old.id)).toMatchObject({ baseScore: 20, score: 20 });
    expect(await rescoreOpenLeads(t.db)).toBe(0);
  });

  it('a save sends the re-scoring job, which pg-boss runs', async () => {
    const lead = await l.lead(projectId, { bedrooms: 3, baseScore: 0, score: 0 });
    await saveRules([
      { field: 'bedrooms', operator: 'gte', value: 3, points: 25, label: 'Wants 3+ bedrooms' },
    ]);
    const deadline = Date.now() + 20_000;
    let score = 0;
    while (score !== 25 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      [{ score } = { score: 0 }] = await t.db
        .select({ score: leads.score })
        .from(leads)
        .where(eq(leads.id, lead.id));
    }
    expect(score).toBe(25);
  }, 30_000);
});
