import { randomBytes } from 'node:crypto';
import { API_PATHS } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { hashApiKey } from '../../modules/api-keys/api-keys.repository.ts';
import { CRM_RETRY_SCHEDULE_SECONDS } from '../../modules/crm/crm-workers.ts';
import {
  crmDeliveries,
  crmDeliveryAttempts,
  crmDestinationProjects,
  crmDestinations,
  organisationApiKeys,
} from '../schema/index.ts';
import { DEMO_SEED, type DemoRows } from './builders/common.ts';
import type { DemoLeads } from './demo-leads.ts';
import { insertRows, type Tx } from './insert-rows.ts';
import { createRng, mixSeed, type Rng } from './prng.ts';

/**
 * CRM demo data (issue 18, decision 029 "Demo data"): the demo developer's organisation delivers its
 * leads to the portal's built-in webhook receiver and to a CRM's inbound email address, used to send
 * them to an old endpoint that now fails, and has a read-only API key for a reporting tool. Its most
 * recent leads have deliveries with every attempt, so the delivery log reads like a real one. Pure
 * apart from the webhook secrets and the key's hash, which are random like the password hash's salt:
 * the same rows, leads and base date give the same destinations, deliveries and attempts.
 */

type DestinationRow = typeof crmDestinations.$inferInsert & { id: number };
type DestinationProjectRow = typeof crmDestinationProjects.$inferInsert;
type DeliveryRow = typeof crmDeliveries.$inferInsert & { id: number };
type AttemptRow = typeof crmDeliveryAttempts.$inferInsert;
type ApiKeyRow = typeof organisationApiKeys.$inferInsert;

export type DemoCrm = {
  destinations: DestinationRow[];
  destinationProjects: DestinationProjectRow[];
  deliveries: DeliveryRow[];
  attempts: AttemptRow[];
  apiKeys: ApiKeyRow[];
};

export const DEMO_CRM_OWNER_EMAIL = 'developer@demo.offplan.test';
/** The organisation's latest leads that have deliveries. */
export const DEMO_CRM_RECENT_LEADS = 20;
export const DEMO_CRM_DESTINATIONS = {
  receiver: 'Sales CRM (demo receiver)',
  failing: 'Old CRM endpoint',
  email: 'CRM lead inbox',
} as const;
export const DEMO_CRM_EMAIL = 'leads@crm.example.com';
export const DEMO_API_KEY_NAME = 'Reporting sync';
/** What the built-in receiver answers for a `?fail=1` address (modules/crm/dev-webhook-receiver), as the log records it. */
export const DEMO_FAILING_ERROR =
  'HTTP 503: {"error":{"code":"NOT_READY","message":"This receiver fails on purpose (?fail=1)."}}';

const CRM_STREAM = 18_000_018;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** From a lead's first attempt to its last, when every one fails (decision 029's schedule, unscaled). */
const RETRY_SPAN_MS = CRM_RETRY_SCHEDULE_SECONDS.reduce((sum, wait) => sum + wait, 0) * SECOND_MS;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const hex = (rng: Rng, length: number) => Array.from({ length }, () => rng.int(0, 15).toString(16)).join('');
const atSecond = (ms: number) => new Date(Math.floor(ms / SECOND_MS) * SECOND_MS);

/** The developer's organisation: their oldest membership, as permissions read it. */
function ownerOf(rows: Pick<DemoRows, 'users' | 'members'>) {
  const owner = rows.users.find((row) => row.email === DEMO_CRM_OWNER_EMAIL);
  const membership = rows.members
    .filter((row) => row.userId === owner?.id)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  if (!owner || !membership) throw new Error(`${DEMO_CRM_OWNER_EMAIL} has no organisation in the demo data`);
  return { userId: owner.id, organisationId: membership.organizationId };
}

type RecentLead = { id: number; projectId: number; createdAt: number };

const settled = (lead: RecentLead, now: number) => lead.createdAt + RETRY_SPAN_MS <= now;

/**
 * The project the old endpoint was kept for: the one with most of the recent leads among those whose
 * recent leads are all older than the whole retry schedule, so each of its deliveries has failed for
 * good. The seed cannot queue the retry of a delivery still under way, so a lead newer than that gets
 * no delivery there; with the default data the newest lead is days old and every project qualifies.
 */
function failingProjectOf(recent: RecentLead[], now: number): number | undefined {
  const counts = new Map<number, { leads: number; unsettled: number }>();
  for (const lead of recent) {
    const count = counts.get(lead.projectId) ?? { leads: 0, unsettled: 0 };
    count.leads += 1;
    if (!settled(lead, now)) count.unsettled += 1;
    counts.set(lead.projectId, count);
  }
  const ranked = [...counts].sort(
    ([a, countA], [b, countB]) =>
      Number(countA.unsettled > 0) - Number(countB.unsettled > 0) || countB.leads - countA.leads || a - b,
  );
  return ranked[0]?.[0];
}

/** A delivery of one lead (or the test lead) and its attempts, as the workers would have written them. */
function deliveryOf(
  rng: Rng,
  base: { id: number; destinationId: number; leadId: number | null; createdAt: number },
  outcome: {
    ok: boolean;
    responseCode: number | null;
    error: string | null;
    latency: readonly [number, number];
  },
  attemptCount: number,
  now: number,
): { delivery: DeliveryRow; attempts: AttemptRow[] } {
  const attempts: AttemptRow[] = [];
  // The fan-out and the first attempt run within seconds of the lead.
  let at = base.createdAt + rng.int(1, 4) * SECOND_MS;
  for (let attempt = 1; attempt <= attemptCount; attempt++) {
    const latencyMs = rng.int(...outcome.latency);
    attempts.push({
      deliveryId: base.id,
      attemptedAt: atSecond(at),
      responseCode: outcome.responseCode,
      latencyMs,
      ok: outcome.ok,
      error: outcome.error,
    });
    at += latencyMs + (CRM_RETRY_SCHEDULE_SECONDS[attempt - 1] ?? 0) * SECOND_MS + rng.int(0, 2) * SECOND_MS;
  }
  const last = attempts.at(-1)!;
  const lastAt = last.attemptedAt as Date;
  if (lastAt.getTime() > now) throw new Error('a demo delivery attempt would be in the future');
  return {
    delivery: {
      id: base.id,
      destinationId: base.destinationId,
      leadId: base.leadId,
      test: base.leadId === null,
      messageId: `msg_${hex(rng, 32)}`,
      status: outcome.ok ? 'DELIVERED' : 'FAILED',
      attempts: attemptCount,
      lastAttemptAt: lastAt,
      nextAttemptAt: null,
      responseCode: last.responseCode,
      latencyMs: last.latencyMs,
      error: last.error,
      deliveredAt: outcome.ok ? atSecond(lastAt.getTime() + last.latencyMs) : null,
      createdAt: atSecond(base.createdAt + SECOND_MS),
    },
    attempts,
  };
}

const RECEIVED = { ok: true, responseCode: 204, error: null, latency: [6, 45] } as const;
const FAILED = { ok: false, responseCode: 503, error: DEMO_FAILING_ERROR, latency: [5, 30] } as const;
const WRITTEN_TO_OUTBOX = { ok: true, responseCode: null, error: null, latency: [2, 12] } as const;

/** Three destinations of the organisation, set up shortly before the first of its recent leads. */
function destinationsOf(
  owner: { userId: string; organisationId: string },
  setUpAt: number,
  baseUrl: string,
): DestinationRow[] {
  const receiverUrl = `${baseUrl}${API_PATHS.devWebhookReceiver}`;
  const common = {
    organisationId: owner.organisationId,
    createdBy: owner.userId,
    createdAt: atSecond(setUpAt),
    updatedAt: atSecond(setUpAt),
    enabled: true,
  };
  // Standard Webhooks secrets, random: a demo database's secrets are nobody's to know in advance.
  const secret = () => `whsec_${randomBytes(24).toString('base64')}`;
  return [
    {
      id: 1,
      ...common,
      name: DEMO_CRM_DESTINATIONS.receiver,
      kind: 'WEBHOOK',
      url: receiverUrl,
      allProjects: true,
      secret: secret(),
    },
    {
      id: 2,
      ...common,
      name: DEMO_CRM_DESTINATIONS.failing,
      kind: 'WEBHOOK',
      url: `${receiverUrl}?fail=1`,
      allProjects: false,
      secret: secret(),
    },
    {
      id: 3,
      ...common,
      name: DEMO_CRM_DESTINATIONS.email,
      kind: 'EMAIL',
      email: DEMO_CRM_EMAIL,
      allProjects: true,
    },
  ];
}

/**
 * The read-only key of a reporting tool, used a little while ago. Its name and prefix are the seed's;
 * the rest of the key is random and thrown away, so no one can use it: only its hash is stored.
 */
function reportingKeyOf(
  rng: Rng,
  owner: { userId: string; organisationId: string },
  setUpAt: number,
  now: number,
) {
  const prefix = `opk_${Array.from({ length: 8 }, () => BASE64URL[rng.int(0, 63)]).join('')}`;
  const key = `${prefix}${randomBytes(32).toString('base64url').slice(0, 35)}`;
  return {
    organisationId: owner.organisationId,
    name: DEMO_API_KEY_NAME,
    scope: 'READ' as const,
    keyHash: hashApiKey(key),
    prefix,
    createdBy: owner.userId,
    createdAt: atSecond(setUpAt + 20 * MINUTE_MS),
    lastUsedAt: atSecond(now - rng.int(20, 180) * MINUTE_MS),
  };
}

/** Builds the CRM rows for the demo developer's organisation from the seed's rows and leads. */
export function buildDemoCrm(
  rows: Pick<DemoRows, 'users' | 'members' | 'projects'>,
  demoLeads: Pick<DemoLeads, 'leads'>,
  options: { now: number; baseUrl: string },
): DemoCrm {
  const { now } = options;
  const rng = createRng(mixSeed(DEMO_SEED, CRM_STREAM));
  const owner = ownerOf(rows);
  const own = new Set(
    rows.projects.filter((p) => p.organisationId === owner.organisationId).map((p) => p.id),
  );
  const recent: RecentLead[] = demoLeads.leads
    .filter((lead) => own.has(lead.projectId))
    .map((lead) => ({
      id: lead.id,
      projectId: lead.projectId,
      createdAt: (lead.createdAt as Date).getTime(),
    }))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .slice(0, DEMO_CRM_RECENT_LEADS)
    .reverse();
  const setUpAt = (recent[0]?.createdAt ?? now - 30 * DAY_MS) - 2 * DAY_MS;
  const destinations = destinationsOf(owner, setUpAt, options.baseUrl);
  // Without leads (a seed asked for none) it is kept for the organisation's first project.
  const failingProject = failingProjectOf(recent, now) ?? [...own].sort((a, b) => a - b)[0];
  const [receiver, failing, email] = destinations as [DestinationRow, DestinationRow, DestinationRow];
  const deliveries: DeliveryRow[] = [];
  const attempts: AttemptRow[] = [];
  const add = (built: ReturnType<typeof deliveryOf>) => {
    deliveries.push(built.delivery);
    attempts.push(...built.attempts);
  };
  const base = (destinationId: number, leadId: number | null, createdAt: number) => ({
    id: deliveries.length + 1,
    destinationId,
    leadId,
    createdAt,
  });
  // The owner tried the receiver with 'Send test lead' when they set it up.
  add(deliveryOf(rng, base(receiver.id, null, setUpAt + 5 * MINUTE_MS), RECEIVED, 1, now));
  for (const lead of recent) {
    add(deliveryOf(rng, base(receiver.id, lead.id, lead.createdAt), RECEIVED, 1, now));
    if (lead.projectId === failingProject && settled(lead, now)) {
      add(
        deliveryOf(
          rng,
          base(failing.id, lead.id, lead.createdAt),
          FAILED,
          CRM_RETRY_SCHEDULE_SECONDS.length + 1,
          now,
        ),
      );
    }
    add(deliveryOf(rng, base(email.id, lead.id, lead.createdAt), WRITTEN_TO_OUTBOX, 1, now));
  }
  return {
    destinations,
    destinationProjects:
      failingProject === undefined ? [] : [{ destinationId: failing.id, projectId: failingProject }],
    deliveries,
    attempts,
    apiKeys: [reportingKeyOf(rng, owner, setUpAt, now)],
  };
}

/** Writes the CRM rows in the seed's transaction; ids were given, so the identities move past them. */
export async function insertDemoCrm(tx: Tx, built: DemoCrm, done: (step: string, rows: number) => void) {
  await insertRows(tx, crmDestinations, built.destinations);
  await insertRows(tx, crmDestinationProjects, built.destinationProjects);
  await insertRows(tx, crmDeliveries, built.deliveries);
  await insertRows(tx, crmDeliveryAttempts, built.attempts);
  await insertRows(tx, organisationApiKeys, built.apiKeys);
  for (const [table, count] of [
    ['crm_destinations', built.destinations.length],
    ['crm_deliveries', built.deliveries.length],
  ] as const) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${Math.max(1, count)}::bigint, ${count > 0})`,
    );
  }
  done(
    'crm',
    built.destinations.length +
      built.destinationProjects.length +
      built.deliveries.length +
      built.attempts.length +
      built.apiKeys.length,
  );
}
