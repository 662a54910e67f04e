import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RESPONSE_TARGET_MINUTES,
  type Enquiry,
  LEAD_MERGE_WINDOW_HOURS,
  type LeadSource,
  NO_NEW_ENQUIRY_SALES_STATUSES,
  type ScorableLead,
  type ScoringRule,
  scoreLead,
} from '@offplan/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadBuyers, leadEvents, leads, organisationLeadSettings, projects } from '../../db/schema/index.ts';
import { type JobQueue, jobsInTransaction } from '../../jobs/queue.ts';
import { currentTenant } from '../../lib/branding.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS, type LeadJobData } from '../leads/lead-jobs.ts';
import { responseDeadline } from '../leads/speed-to-lead.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Whether a project takes enquiries: off the marketplace reads as unknown (design §2), sold out as closed. */
export type EnquiryIntake = 'open' | 'closed' | 'not_found';

type ProjectStatusRow = Pick<typeof projects.$inferSelect, 'salesStatus' | 'stage'>;

function intakeOf(project: ProjectStatusRow | undefined): EnquiryIntake {
  if (!project || project.salesStatus === 'HIDDEN' || project.stage === 'NOT_PROCEEDING') return 'not_found';
  return NO_NEW_ENQUIRY_SALES_STATUSES.includes(project.salesStatus) ? 'closed' : 'open';
}

/** A first look before the spam limits are counted; `storeEnquiry` looks again inside its transaction. */
export async function projectIntake(db: Db, projectId: number): Promise<EnquiryIntake> {
  const [project] = await db
    .select({ salesStatus: projects.salesStatus, stage: projects.stage })
    .from(projects)
    .where(eq(projects.id, projectId));
  return intakeOf(project);
}

export type StoredEnquiry =
  | { outcome: 'created' | 'merged'; leadId: number; buyerId: string }
  | { outcome: 'closed' | 'not_found' };

export type EnquiryToStore = {
  projectId: number;
  enquiry: Enquiry;
  source: LeadSource;
  /** Read before the transaction opens (they change rarely; the transaction stays short). */
  rules: readonly ScoringRule[];
  receivedAt: Date;
};

/**
 * The buyer with this email, else with this phone, else a new one (design §3: one buyer per email or
 * phone), locked for the rest of the transaction so that two enquiries of one buyer are stored one
 * after the other (the second sees the first's lead and merges). Two first enquiries racing on one
 * email meet at the unique index: the second waits, inserts nothing and reads the first's row.
 */
async function lockBuyer(tx: Db, email: string, phone: string): Promise<string> {
  const byEmail = () =>
    tx.select({ id: leadBuyers.id }).from(leadBuyers).where(eq(leadBuyers.email, email)).for('update');
  const [known] = await byEmail();
  if (known) return known.id;
  const [samePhone] = await tx
    .select({ id: leadBuyers.id })
    .from(leadBuyers)
    .where(eq(leadBuyers.phone, phone))
    .orderBy(leadBuyers.createdAt)
    .limit(1)
    .for('update');
  if (samePhone) return samePhone.id;
  const [created] = await tx
    .insert(leadBuyers)
    .values({ id: randomUUID(), email, phone })
    .onConflictDoNothing({ target: leadBuyers.email, where: sql`${leadBuyers.email} is not null` })
    .returning({ id: leadBuyers.id });
  if (created) return created.id;
  const [raced] = await byEmail();
  if (!raced) throw new Error('lead buyer vanished after an insert conflict');
  return raced.id;
}

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
async function mergeInto(tx: Db, lead: LeadRow, input: EnquiryToStore) {
  const given = enquiryFields(input.enquiry);
  const filled = Object.fromEntries(
    Object.entries(given).map(([key, value]) => [key, lead[key as keyof typeof given] ?? value]),
  ) as typeof given;
  const { score, contributions } = scoreLead(
    input.rules,
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

/** The speed-to-lead target of the project's organisation (issue 16 default without one). */
async function responseTargetOf(tx: Db, organisationId: string | null) {
  const fallback = { minutes: DEFAULT_RESPONSE_TARGET_MINUTES, businessHoursOnly: true };
  if (!organisationId) return fallback;
  const [row] = await tx
    .select({
      minutes: organisationLeadSettings.responseTargetMinutes,
      businessHoursOnly: organisationLeadSettings.businessHoursOnly,
    })
    .from(organisationLeadSettings)
    .where(eq(organisationLeadSettings.organisationId, organisationId));
  return row ?? fallback;
}

/** A new lead, scored, with its timeline entry and its notification and speed-to-lead jobs. */
async function createLead(
  tx: Db,
  queue: JobQueue,
  buyerId: string,
  project: Pick<typeof projects.$inferSelect, 'state' | 'organisationId'>,
  input: EnquiryToStore,
) {
  const { enquiry, receivedAt, source } = input;
  const fields = enquiryFields(enquiry);
  const { score, contributions } = scoreLead(
    input.rules,
    scorable({ ...fields, buyerType: enquiry.buyerType, phone: enquiry.phone }, source),
  );
  const [lead] = await tx
    .insert(leads)
    .values({
      ...fields,
      projectId: input.projectId,
      buyerId,
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      buyerType: enquiry.buyerType,
      source,
      consentAt: receivedAt,
      baseScore: score,
      score,
      scoreContributions: contributions,
      createdAt: receivedAt,
      lastEnquiryAt: receivedAt,
      lastActivityAt: receivedAt,
    })
    .returning({ id: leads.id });
  const leadId = lead!.id;
  await tx.insert(leadEvents).values({
    leadId,
    kind: 'enquiry',
    text: enquiry.message ?? null,
    data: { source },
    createdAt: receivedAt,
  });
  const target = await responseTargetOf(tx, project.organisationId);
  // The site the buyer used brands the team's emails (design §8).
  const data: LeadJobData = { leadId, tenant: currentTenant() };
  const inTransaction = jobsInTransaction(tx);
  await queue.send(LEAD_JOBS.notify, data, { ...inTransaction, ...LEAD_JOB_RETRY });
  await queue.send(LEAD_JOBS.speedCheck, data, {
    ...inTransaction,
    ...LEAD_JOB_RETRY,
    startAfter: responseDeadline(receivedAt, target, project.state),
  });
  return leadId;
}

/**
 * Stores an enquiry durably (issue 16: a lead is durable before it is acknowledged): in ONE
 * transaction the buyer is found or made, then the enquiry is merged into the buyer's lead on this
 * project from the last 24 hours, or becomes a new lead with its timeline entry and follow-up jobs.
 * The caller answers only after this returns, i.e. after the commit.
 */
export async function storeEnquiry(db: Db, queue: JobQueue, input: EnquiryToStore): Promise<StoredEnquiry> {
  return db.transaction(async (tx) => {
    // Shared lock: a status change to sold out waits for this enquiry, or this enquiry sees it.
    const [project] = await tx
      .select({
        salesStatus: projects.salesStatus,
        stage: projects.stage,
        state: projects.state,
        organisationId: projects.organisationId,
      })
      .from(projects)
      .where(eq(projects.id, input.projectId))
      .for('share');
    const intake = intakeOf(project);
    if (intake !== 'open' || !project) return { outcome: intake === 'open' ? 'not_found' : intake };
    const buyerId = await lockBuyer(tx, input.enquiry.email, input.enquiry.phone);
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
    if (recent) {
      await mergeInto(tx, recent, input);
      return { outcome: 'merged', leadId: recent.id, buyerId };
    }
    const leadId = await createLead(tx, queue, buyerId, project, input);
    return { outcome: 'created', leadId, buyerId };
  });
}
