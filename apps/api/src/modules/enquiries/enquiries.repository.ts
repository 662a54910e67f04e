import { randomUUID } from 'node:crypto';
import {
  type Enquiry,
  LEAD_MERGE_WINDOW_HOURS,
  type LeadSource,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  type ScorableLead,
  type ScoringRule,
  scoreLead,
} from '@offplan/shared';
import { and, desc, eq, gt, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { leadBuyers, leadEvents, leadScoringRules, leads, projects } from '../../db/schema/index.ts';
import { type JobQueue, jobsInTransaction } from '../../jobs/queue.ts';
import { currentTenant } from '../../lib/branding.ts';
import {
  readThrottleHits,
  type ThrottleHit,
  type ThrottleWindow,
  throttleCountingSql,
} from '../../lib/throttle.ts';
import { sendCrmFanOut } from '../crm/crm-jobs.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS, type LeadJobData } from '../leads/lead-jobs.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Whether a project takes enquiries: off the marketplace reads as unknown (design §2), sold out as closed. */
export type EnquiryIntake = 'open' | 'closed' | 'not_found';

type ProjectStatusRow = Pick<typeof projects.$inferSelect, 'salesStatus' | 'stage'>;

function intakeOf(project: ProjectStatusRow | undefined): EnquiryIntake {
  if (!project || project.salesStatus === 'HIDDEN' || project.stage === 'NOT_PROCEEDING') return 'not_found';
  return NO_NEW_ENQUIRY_SALES_STATUSES.includes(project.salesStatus) ? 'closed' : 'open';
}

export type StoredEnquiry =
  | { outcome: 'created' | 'merged'; leadId: number; buyerId: string }
  | { outcome: 'closed' | 'not_found' }
  /** A spam limit was reached: the hit is counted, nothing else is written. */
  | { outcome: 'limited'; retryAfterSeconds: number };

export type EnquiryToStore = {
  projectId: number;
  enquiry: Enquiry;
  source: LeadSource;
  receivedAt: Date;
  /** Spam limits (distinct keys), counted only for an open listing, before anything is stored. */
  limits?: readonly { key: string; window: ThrottleWindow }[];
};

const scorable = (lead: Omit<ScorableLead, 'source'>, source: string): ScorableLead => ({ ...lead, source });

/** The enquiry's own fields as a lead stores them (absent as null). */
function enquiryFields(enquiry: Enquiry) {
  return {
    postcode: enquiry.postcode ?? null,
    budget: enquiry.budget ?? null,
    bedrooms: enquiry.bedrooms ?? null,
    configuration: enquiry.configuration ?? null,
    timeframe: enquiry.timeframe ?? null,
    financeStatus: enquiry.financeStatus ?? null,
    message: enquiry.message ?? null,
    utmSource: enquiry.utmSource ?? null,
    utmMedium: enquiry.utmMedium ?? null,
    utmCampaign: enquiry.utmCampaign ?? null,
    utmTerm: enquiry.utmTerm ?? null,
    utmContent: enquiry.utmContent ?? null,
    referrer: enquiry.referrer ?? null,
    campaignId: enquiry.campaignId ?? null,
  };
}

type LeadRow = typeof leads.$inferSelect;

/**
 * A repeat enquiry within the merge window (design §3): the lead counts it, takes the answers it did
 * not have yet, is scored again on them, and its timeline gets the new message. No new notification.
 */
async function mergeInto(tx: Db, lead: LeadRow, rules: readonly ScoringRule[], input: EnquiryToStore) {
  const given = enquiryFields(input.enquiry);
  const filled = Object.fromEntries(
    Object.entries(given).map(([key, value]) => [key, lead[key as keyof typeof given] ?? value]),
  ) as typeof given;
  const { score, contributions } = scoreLead(
    rules,
    scorable({ ...filled, buyerType: lead.buyerType, phone: lead.phone }, lead.source),
  );
  const enquiryCount = lead.enquiryCount + 1;
  await tx
    .update(leads)
    .set({
      ...filled,
      enquiryCount,
      lastEnquiryAt: input.receivedAt,
      lastActivityAt: input.receivedAt,
      baseScore: score,
      score,
      scoreContributions: contributions,
    })
    .where(eq(leads.id, lead.id));
  const { enquiry } = input;
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    kind: 'repeat_enquiry',
    text: enquiry.message ?? null,
    // What this enquiry said (never contact details: the timeline is shown to masked readers too).
    data: {
      enquiryCount,
      source: input.source,
      buyerType: enquiry.buyerType,
      ...Object.fromEntries(
        (['budget', 'bedrooms', 'configuration', 'timeframe', 'financeStatus'] as const)
          .filter((key) => enquiry[key] !== undefined)
          .map((key) => [key, enquiry[key]]),
      ),
    },
    createdAt: input.receivedAt,
  });
}

/** The scoring rules in their order, as one JSON array (read with the listing: one round trip). */
const scoringRulesJson = sql<ScoringRule[]>`(select coalesce(json_agg(json_build_object(
    'id', ${leadScoringRules.id}, 'field', ${leadScoringRules.field},
    'operator', ${leadScoringRules.operator}, 'value', ${leadScoringRules.value},
    'points', ${leadScoringRules.points}, 'label', ${leadScoringRules.label},
    'enabled', ${leadScoringRules.enabled})
    order by ${leadScoringRules.position}, ${leadScoringRules.id}), '[]'::json)
  from ${leadScoringRules})`;

/** Sales statuses of listings that take no new enquiries (design §2), for SQL. */
const CLOSED_SALES_STATUSES = sql`${`{${NO_NEW_ENQUIRY_SALES_STATUSES.join(',')}}`}::text[]`;

type Admission = ProjectStatusRow & {
  rules: ScoringRule[];
  hits: ThrottleHit[];
  /** Set when the enquiry was admitted (listing open, within the limits). */
  buyer?: { id: string; created: boolean };
};

type AdmissionRow = ProjectStatusRow & {
  rules: ScoringRule[];
  hits: { hits: number; reset_in: number }[] | null;
  buyer_id: string | null;
  buyer_created: boolean | null;
};

/** The admission statement for one list of spam windows, built once (db/prepared-statement.ts). */
function admissionStatement(windows: readonly ThrottleWindow[]) {
  const email = sql.placeholder('email');
  const phone = sql.placeholder('phone');
  const counting = throttleCountingSql(
    windows.map((window, i) => ({ key: sql.placeholder(`limitKey${i}`), window })),
    sql`from listing where open`,
  );
  return preparedStatement<AdmissionRow>(
    () => sql`
    with listing as (
      select ${projects.salesStatus} as "salesStatus", ${projects.stage} as stage, ${scoringRulesJson} as rules,
        ${projects.salesStatus}::text <> all(${CLOSED_SALES_STATUSES})
          and ${projects.salesStatus} <> 'HIDDEN' and ${projects.stage} <> 'NOT_PROCEEDING' as open
      from ${projects} where ${projects.id} = ${sql.placeholder('projectId')}
      for share
    ),
    ${counting.ctes.length ? sql`${sql.join(counting.ctes, sql`, `)},` : sql``}
    admitted as (select 1 from listing where open and not (${counting.over})),
    by_email as (
      select ${leadBuyers.id} as id from ${leadBuyers}
      where ${leadBuyers.email} = ${email} and exists (select 1 from admitted)
      for update
    ), by_phone as (
      select ${leadBuyers.id} as id from ${leadBuyers}
      where ${leadBuyers.phone} = ${phone} and exists (select 1 from admitted)
        and not exists (select 1 from by_email)
      order by ${leadBuyers.createdAt} limit 1 for update
    ), created as (
      insert into ${leadBuyers} (id, email, phone)
      select ${sql.placeholder('newBuyerId')}, ${email}, ${phone}
      where exists (select 1 from admitted)
        and not exists (select 1 from by_email) and not exists (select 1 from by_phone)
      on conflict (email) where email is not null do nothing
      returning id
    ), buyer as (
      select id, false as created from by_email
      union all select id, false from by_phone
      union all select id, true from created
    )
    select listing."salesStatus", listing.stage, listing.rules, ${counting.hits} as hits,
      buyer.id as buyer_id, buyer.created as buyer_created
    from listing left join buyer on true`,
  );
}

/** One admission statement per list of spam windows (intake has one list: per address and email). */
const admissionStatements = new Map<string, ReturnType<typeof admissionStatement>>();

/**
 * The enquiry's admission, in ONE statement (each round trip costs as much as the work: bench:leads):
 * 1. the listing, locked in share mode (a status change to sold out waits for this enquiry, or this
 *    enquiry sees it), with the scoring rules;
 * 2. for an open listing, the spam limits counted (per address, per email);
 * 3. within the limits, the buyer: the one with this email, else with this phone, else a new one
 *    (design §3: one buyer per email or phone), locked for the rest of the transaction so that two
 *    enquiries of one buyer are stored one after the other. Two first enquiries racing on one email
 *    meet at the unique index: the second waits, inserts nothing and reads the first's row after.
 */
async function admit(tx: Db, input: EnquiryToStore): Promise<Admission | undefined> {
  const { email, phone } = input.enquiry;
  const limits = input.limits ?? [];
  const shape = JSON.stringify(limits.map((limit) => limit.window));
  let statement = admissionStatements.get(shape);
  if (!statement) {
    statement = admissionStatement(limits.map((limit) => limit.window));
    admissionStatements.set(shape, statement);
  }
  const [row] = await statement(tx, {
    projectId: input.projectId,
    email,
    phone,
    newBuyerId: randomUUID(),
    ...Object.fromEntries(limits.map((limit, i) => [`limitKey${i}`, limit.key])),
  });
  if (!row) return undefined;
  const admission: Admission = {
    salesStatus: row.salesStatus,
    stage: row.stage,
    rules: row.rules,
    hits: readThrottleHits(limits, row.hits),
  };
  if (row.buyer_id) return { ...admission, buyer: { id: row.buyer_id, created: row.buyer_created === true } };
  if (intakeOf(row) !== 'open' || admission.hits.some((hit) => !hit.allowed)) return admission;
  // Admitted, but a first enquiry of the same email committed while this one waited at the index.
  const [raced] = await tx
    .select({ id: leadBuyers.id })
    .from(leadBuyers)
    .where(eq(leadBuyers.email, email))
    .for('update');
  if (!raced) throw new Error('lead buyer vanished after an insert conflict');
  return { ...admission, buyer: { id: raced.id, created: false } };
}

/** Every column intake writes, as a placeholder of the statement below. */
const placeholders = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<K, Placeholder>;

/**
 * A new lead and its first timeline entry, in one statement (one round trip less per enquiry), built
 * once (db/prepared-statement.ts).
 */
const insertLeadWithEntry = preparedStatement<{ lead_id: number }>((db) => {
  const value = placeholders(
    ...(Object.keys(enquiryFields({} as Enquiry)) as (keyof ReturnType<typeof enquiryFields>)[]),
    'projectId',
    'buyerId',
    'name',
    'email',
    'phone',
    'buyerType',
    'source',
    'receivedAt',
    'score',
    'scoreContributions',
  );
  const insertLead = db
    .insert(leads)
    .values({
      ...value,
      consentAt: value.receivedAt,
      baseScore: value.score,
      createdAt: value.receivedAt,
      lastEnquiryAt: value.receivedAt,
      lastActivityAt: value.receivedAt,
    })
    .returning({ id: leads.id, createdAt: leads.createdAt, message: leads.message });
  return sql`
    with created_lead as ${insertLead}
    insert into ${leadEvents} (lead_id, kind, text, data, created_at)
    select id, 'enquiry', message, ${sql.placeholder('entryData')}::jsonb, created_at
    from created_lead
    returning lead_id`;
});

/** A new lead, scored, with its timeline entry (one statement) and its notification job. */
async function createLead(
  tx: Db,
  queue: JobQueue,
  buyerId: string,
  rules: readonly ScoringRule[],
  input: EnquiryToStore,
) {
  const { enquiry, receivedAt, source } = input;
  const fields = enquiryFields(enquiry);
  const { score, contributions } = scoreLead(
    rules,
    scorable({ ...fields, buyerType: enquiry.buyerType, phone: enquiry.phone }, source),
  );
  const rows = await insertLeadWithEntry(tx, {
    ...fields,
    projectId: input.projectId,
    buyerId,
    name: enquiry.name,
    email: enquiry.email,
    phone: enquiry.phone,
    buyerType: enquiry.buyerType,
    source,
    receivedAt,
    score,
    scoreContributions: contributions,
    entryData: JSON.stringify({ source }),
  });
  const leadId = Number(rows[0]!.lead_id);
  // The site the buyer used brands the team's emails (design §8). The notification job also
  // schedules the speed-to-lead check (lead-notifications.ts).
  const data: LeadJobData = { leadId, tenant: currentTenant() };
  await queue.send(LEAD_JOBS.notify, data, { ...jobsInTransaction(tx), ...LEAD_JOB_RETRY });
  // Decision 029: the lead's CRM deliveries are as durable as the lead (a merged repeat sends none).
  await sendCrmFanOut(tx, queue, leadId);
  return leadId;
}

/** The buyer's lead on this project from the merge window (design §3), if any. */
async function recentLeadOf(tx: Db, buyerId: string, input: EnquiryToStore) {
  const windowStart = new Date(input.receivedAt.getTime() - LEAD_MERGE_WINDOW_HOURS * HOUR_MS);
  const [recent] = await tx
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.buyerId, buyerId),
        eq(leads.projectId, input.projectId),
        // From the lead's first enquiry: renewed interest the next day is a new lead for the team.
        gt(leads.createdAt, windowStart),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return recent;
}

/**
 * Stores an enquiry durably (issue 16: a lead is durable before it is acknowledged): in ONE
 * transaction the listing is checked, the spam limits are counted, the buyer is found or made, then
 * the enquiry is merged into the buyer's lead on this project from the last 24 hours, or becomes a
 * new lead with its timeline entry and follow-up jobs. The caller answers only after this returns,
 * i.e. after the commit. Each step is one round trip: intake throughput is bounded by them (bench:leads).
 */
export async function storeEnquiry(db: Db, queue: JobQueue, input: EnquiryToStore): Promise<StoredEnquiry> {
  return db.transaction(async (tx) => {
    const admission = await admit(tx, input);
    const intake = intakeOf(admission);
    if (intake !== 'open' || !admission) return { outcome: intake === 'open' ? 'not_found' : intake };
    const refused = admission.hits.find((hit) => !hit.allowed);
    if (refused || !admission.buyer) {
      return { outcome: 'limited', retryAfterSeconds: refused?.retryAfterSeconds ?? 1 };
    }
    const { buyer, rules } = admission;
    // A buyer made just now has no earlier lead; a known one's is read after its lock was taken.
    const recent = buyer.created ? undefined : await recentLeadOf(tx, buyer.id, input);
    if (recent) {
      await mergeInto(tx, recent, rules, input);
      return { outcome: 'merged', leadId: recent.id, buyerId: buyer.id };
    }
    const leadId = await createLead(tx, queue, buyer.id, rules, input);
    return { outcome: 'created', leadId, buyerId: buyer.id };
  });
}
