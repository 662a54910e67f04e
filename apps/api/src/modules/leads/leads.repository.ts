import {
  LEAD_COUNT_CAP,
  LEAD_RESPONSE_TIMES_DEFAULT_DAYS,
  type LeadDetail,
  type LeadQuery,
  type LeadResponseTimes,
  type LeadStatus,
  type LeadSummary,
  type LeadTimelineEntry,
  maskLeadContact,
  normalisePhone,
  SALE_LEAD_STATUSES,
  type ScoreContribution,
} from '@offplan/shared';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import { containsPattern } from '../../db/like.ts';
import { leadEvents, leads, projectMembers, projects, user } from '../../db/schema/index.ts';

/**
 * Who reads or changes leads, as the routes' guard read it from the permission table (decision 024: the
 * repository is told, it never decides a permission).
 */
export type LeadReader = {
  userId: string;
  /** Platform admins read every organisation's leads (/enquiries). */
  isAdmin: boolean;
  /** `leads.contact_details`: without it names, emails, phones and free text are masked. */
  seesContacts: boolean;
  /** May change status, notes and assignee of the leads they read. */
  mayEdit: boolean;
};

/** Done inside the change's transaction (its audit row): the change and its record commit together. */
type AlongWith<T> = (tx: Db, changed: T) => Promise<void>;

/** The leads query without paging: what the list, its count, the export and the response times share. */
export type LeadFilter = Omit<LeadQuery, 'page' | 'perPage' | 'sort' | 'order'>;

/**
 * Date filters are calendar days in Sydney time (decision in the leads report): the business's day,
 * not UTC's, which ends at 10 or 11 in the morning there. Most projects are on the east coast; a day
 * in Perth starts two or three hours later, which a date filter of whole days can live with.
 */
export const LEAD_DATE_TIME_ZONE = 'Australia/Sydney';

/** The instant a calendar day starts in a time zone (the offset read twice, for daylight-saving days). */
export function startOfDayIn(isoDate: string, timeZone = LEAD_DATE_TIME_ZONE): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - instant;
  };
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}

const nextDay = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
};

/** The projects a user is an approved member of (a subquery): the leads a non-admin may read. */
const memberProjects = (db: Db, userId: string) =>
  db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, userId));

/** Which leads the reader may see at all: every lead for admins, their member projects' otherwise. */
const readableBy = (db: Db, reader: LeadReader): SQL | undefined =>
  reader.isAdmin ? undefined : inArray(leads.projectId, memberProjects(db, reader.userId));

/**
 * The WHERE of the leads query, on the leads table alone (so the count needs no join). Conditions on
 * indexed columns (project, created_at, status, score, assignee) as plain comparisons the planner can use.
 */
export function leadConditions(db: Db, reader: LeadReader, filter: LeadFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [readableBy(db, reader)];
  if (filter.projectIds?.length) conditions.push(inArray(leads.projectId, filter.projectIds));
  if (filter.organisationId) {
    const organisationProjects = db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.organisationId, filter.organisationId));
    conditions.push(inArray(leads.projectId, organisationProjects));
  }
  if (filter.from) conditions.push(gte(leads.createdAt, startOfDayIn(filter.from)));
  if (filter.to) conditions.push(lt(leads.createdAt, startOfDayIn(nextDay(filter.to))));
  if (filter.status?.length) conditions.push(inArray(leads.status, filter.status));
  if (filter.buyerType?.length) conditions.push(inArray(leads.buyerType, filter.buyerType));
  if (filter.source?.length) conditions.push(inArray(leads.source, filter.source));
  if (filter.scoreMin !== undefined) conditions.push(gte(leads.score, filter.scoreMin));
  if (filter.scoreMax !== undefined) conditions.push(lte(leads.score, filter.scoreMax));
  if (filter.assignee === 'none') conditions.push(isNull(leads.assigneeId));
  else if (filter.assignee) conditions.push(eq(leads.assigneeId, filter.assignee));
  // A search of contact details would tell a masked reader whose details match (issue 16 item 9).
  if (filter.q && reader.seesContacts) {
    const pattern = containsPattern(filter.q);
    const phone = normalisePhone(filter.q);
    conditions.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.phone, pattern),
        phone ? eq(leads.phone, phone) : undefined,
      ),
    );
  }
  return and(...conditions);
}

const assignee = alias(user, 'assignee');

const summaryColumns = {
  id: leads.id,
  projectId: leads.projectId,
  projectTitle: projects.title,
  createdAt: isoTimestamp(leads.createdAt),
  lastEnquiryAt: isoTimestamp(leads.lastEnquiryAt),
  status: leads.status,
  buyerType: leads.buyerType,
  score: leads.score,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  source: leads.source,
  enquiryCount: leads.enquiryCount,
  assigneeId: assignee.id,
  assigneeName: assignee.name,
  firstResponseSeconds: sql<
    number | null
  >`extract(epoch from ${leads.firstResponseAt} - ${leads.createdAt})::int`.mapWith((value: unknown) =>
    value === null ? null : Number(value),
  ),
};

/** A row of `summaryColumns` (the lead's enums read back as the contract's). */
type SummaryRow = Omit<LeadSummary, 'assignee' | 'masked'> & {
  assigneeId: string | null;
  assigneeName: string | null;
};

function toSummary(row: SummaryRow, reader: LeadReader): LeadSummary {
  const { assigneeId, assigneeName, ...rest } = row;
  const summary: LeadSummary = {
    ...rest,
    assignee: assigneeId ? { id: assigneeId, name: assigneeName ?? '' } : null,
    masked: !reader.seesContacts,
  };
  return reader.seesContacts ? summary : maskLeadContact(summary);
}

/**
 * Newest (or oldest) first, spelt as the (created_at desc, id desc) indexes are: drizzle-kit writes
 * them NULLS LAST, and PostgreSQL walks an index for an ORDER BY only when the NULLS order matches
 * too (plain DESC means NULLS FIRST, which would sort a million rows instead). The columns are never
 * null, so this changes no order, only the plan.
 */
export function byCreated(order: 'asc' | 'desc'): SQL[] {
  return order === 'desc'
    ? [sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`]
    : [sql`${leads.createdAt} asc nulls first`, sql`${leads.id} asc nulls first`];
}

/** The ORDER BY of a sort; every order ends in the id, so pages never overlap or skip a lead. */
function leadOrder(sort: LeadQuery['sort'], order: LeadQuery['order'], reader: LeadReader): SQL[] {
  const by = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'score':
      // Walks leads_score_idx (score, id) either way.
      return [by(leads.score), by(leads.id)];
    case 'status':
      return [by(leads.status), ...byCreated('desc')];
    case 'project':
      return [by(projects.title), ...byCreated('desc')];
    case 'name':
      // Sorting by a name a masked reader cannot read would still tell them its place in the alphabet.
      if (!reader.seesContacts) return byCreated(order);
      return [by(sql`lower(${leads.name})`), by(leads.id)];
    case 'lastEnquiryAt':
      return [by(leads.lastEnquiryAt), by(leads.id)];
    default:
      return byCreated(order);
  }
}

/** One page of the leads the reader may see, in the query's order. */
export async function listLeads(db: Db, reader: LeadReader, query: LeadQuery): Promise<LeadSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .where(leadConditions(db, reader, query))
    .orderBy(...leadOrder(query.sort, query.order, reader))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return rows.map((row) => toSummary(row as unknown as SummaryRow, reader));
}

/**
 * How many leads the same filters find, exactly up to LEAD_COUNT_CAP (then `capped`): on the leads
 * table only, so the planner can answer from indexes, and never more than the cap's rows read.
 */
export async function countLeads(
  db: Db,
  reader: LeadReader,
  filter: LeadFilter,
  cap = LEAD_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(leads)
    .where(leadConditions(db, reader, filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(matching);
  const total = row?.total ?? 0;
  return { total: Math.min(total, cap), capped: total > cap };
}

/** The list page: its rows and the count of the same filters, read side by side. */
export async function leadPage(db: Db, reader: LeadReader, query: LeadQuery) {
  const [items, count] = await Promise.all([listLeads(db, reader, query), countLeads(db, reader, query)]);
  return { items, total: count.total, totalCapped: count.capped };
}

const actor = alias(user, 'actor');

/** Kinds whose text or data carry what the buyer wrote (hidden from masked readers with the contacts). */
const BUYER_WRITTEN_KINDS: readonly string[] = ['enquiry', 'repeat_enquiry'];

/** A lead's timeline, oldest first; free text is hidden from masked readers (notes can hold a number). */
async function timelineOf(db: Db, leadId: number, reader: LeadReader): Promise<LeadTimelineEntry[]> {
  const rows = await db
    .select({
      id: leadEvents.id,
      kind: leadEvents.kind,
      at: isoTimestamp(leadEvents.createdAt),
      actorId: actor.id,
      actorName: actor.name,
      text: leadEvents.text,
      data: leadEvents.data,
    })
    .from(leadEvents)
    .leftJoin(actor, eq(actor.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  return rows.map(({ actorId, actorName, ...entry }) => ({
    ...entry,
    actor: actorId ? { id: actorId, name: actorName ?? '' } : null,
    text: reader.seesContacts ? entry.text : null,
    data: reader.seesContacts || !BUYER_WRITTEN_KINDS.includes(entry.kind) ? entry.data : {},
  }));
}

/** The same buyer's other leads the reader may see (design §3 "linked across projects"), newest first. */
async function alsoEnquiredOn(db: Db, reader: LeadReader, lead: { id: number; buyerId: string }) {
  return db
    .select({
      leadId: leads.id,
      projectId: leads.projectId,
      projectTitle: projects.title,
      createdAt: isoTimestamp(leads.createdAt),
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .where(and(eq(leads.buyerId, lead.buyerId), ne(leads.id, lead.id), readableBy(db, reader)))
    .orderBy(...byCreated('desc'))
    .limit(50);
}

/** A project's approved members: whom its leads can be assigned to. */
export async function projectMembersOf(db: Db, projectId: number) {
  return db
    .select({ id: user.id, name: user.name })
    .from(projectMembers)
    .innerJoin(user, eq(user.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(user.name), asc(user.id));
}

const DAY_MS = 86_400_000;

/** The stored contributions, then the decay line when the score has decayed (design §3). */
function explainScore(row: {
  score: number;
  baseScore: number;
  scoreContributions: ScoreContribution[];
  lastActivityAt: Date;
}): ScoreContribution[] {
  if (row.score >= row.baseScore) return row.scoreContributions;
  const days = Math.floor((Date.now() - row.lastActivityAt.getTime()) / DAY_MS);
  return [
    ...row.scoreContributions,
    { ruleId: null, label: `No activity for ${days} days`, points: row.score - row.baseScore },
  ];
}

/** One lead with everything the drawer shows, or null when the reader may not see it (answered as 404). */
export async function findLeadDetail(db: Db, reader: LeadReader, id: number): Promise<LeadDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      buyerId: leads.buyerId,
      postcode: leads.postcode,
      budget: leads.budget,
      bedrooms: leads.bedrooms,
      configuration: leads.configuration,
      timeframe: leads.timeframe,
      financeStatus: leads.financeStatus,
      message: leads.message,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      referrer: leads.referrer,
      campaignId: leads.campaignId,
      consentAt: isoTimestamp(leads.consentAt),
      lostReason: leads.lostReason,
      salePrice: leads.salePrice,
      saleDate: leads.saleDate,
      baseScore: leads.baseScore,
      scoreContributions: leads.scoreContributions,
      lastActivityAt: leads.lastActivityAt,
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .where(and(eq(leads.id, id), readableBy(db, reader)));
  if (!row) return null;
  const [timeline, others, members] = await Promise.all([
    timelineOf(db, id, reader),
    alsoEnquiredOn(db, reader, { id, buyerId: row.buyerId }),
    projectMembersOf(db, row.projectId),
  ]);
  const { buyerId, baseScore, scoreContributions, lastActivityAt, message, lostReason, ...fields } = row;
  const summary = toSummary(fields as unknown as SummaryRow, reader);
  const { assigneeId: _id, assigneeName: _name, ...leadFields } = fields;
  return {
    ...(leadFields as unknown as LeadDetail),
    ...summary,
    // Free text a buyer or the team wrote can hold a phone number or an email (issue 16 item 9).
    message: reader.seesContacts ? message : null,
    lostReason: reader.seesContacts ? lostReason : null,
    scoreContributions: explainScore({ score: row.score, baseScore, scoreContributions, lastActivityAt }),
    timeline,
    alsoEnquiredOn: others,
    assignableMembers: members,
    canEdit: reader.mayEdit,
  };
}

/** A lead locked for a change, if the reader may see it. */
async function lockReadableLead(tx: Db, reader: LeadReader, id: number) {
  const [row] = await tx
    .select({
      id: leads.id,
      projectId: leads.projectId,
      status: leads.status,
      lostReason: leads.lostReason,
      salePrice: leads.salePrice,
      saleDate: leads.saleDate,
      assigneeId: leads.assigneeId,
      firstResponseAt: leads.firstResponseAt,
    })
    .from(leads)
    .where(and(eq(leads.id, id), readableBy(tx, reader)))
    .for('update');
  return row ?? null;
}

/** Any change is activity: decay counts from it and a decayed score is whole again (design §3). */
const activityNow = { lastActivityAt: sql`now()`, score: sql`${leads.baseScore}` };

export type StatusChange = {
  status: LeadStatus;
  lostReason?: string | undefined;
  salePrice?: number | undefined;
  saleDate?: string | undefined;
};

/**
 * Moves a lead to any status (the pipeline is a guide, not a gate), recording a status event with
 * from and to. Lost keeps its reason, Exchanged and Settled their sale; a status without them clears
 * them. The first move out of New is the lead's first response, set once and never again. null when
 * the reader may not see the lead; 'unchanged' when nothing would change (nothing recorded).
 */
export async function changeLeadStatus(
  db: Db,
  reader: LeadReader,
  id: number,
  change: StatusChange,
  alongWith: AlongWith<{ id: number; from: LeadStatus; to: LeadStatus }>,
): Promise<'changed' | 'unchanged' | null> {
  return db.transaction(async (tx) => {
    const lead = await lockReadableLead(tx, reader, id);
    if (!lead) return null;
    const isSale = SALE_LEAD_STATUSES.includes(change.status);
    const next = {
      status: change.status,
      lostReason: change.status === 'LOST' ? (change.lostReason ?? null) : null,
      salePrice: isSale ? (change.salePrice ?? null) : null,
      saleDate: isSale ? (change.saleDate ?? null) : null,
    };
    if (
      lead.status === next.status &&
      lead.lostReason === next.lostReason &&
      lead.salePrice === next.salePrice &&
      lead.saleDate === next.saleDate
    ) {
      return 'unchanged';
    }
    const firstResponse =
      lead.firstResponseAt === null && next.status !== 'NEW'
        ? { firstResponseAt: sql`now()`, firstResponseById: reader.userId }
        : {};
    await tx
      .update(leads)
      .set({ ...next, ...firstResponse, ...activityNow })
      .where(eq(leads.id, id));
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'status',
      actorId: reader.userId,
      text: next.lostReason,
      data: {
        from: lead.status,
        to: next.status,
        ...(isSale ? { salePrice: next.salePrice, saleDate: next.saleDate } : {}),
      },
    });
    await alongWith(tx, { id, from: lead.status, to: next.status });
    return 'changed';
  });
}

/** Adds a note to a lead's timeline (activity). null when the reader may not see the lead. */
export async function addLeadNote(
  db: Db,
  reader: LeadReader,
  id: number,
  text: string,
  alongWith: AlongWith<{ id: number; eventId: number }>,
): Promise<'added' | null> {
  return db.transaction(async (tx) => {
    const lead = await lockReadableLead(tx, reader, id);
    if (!lead) return null;
    await tx.update(leads).set(activityNow).where(eq(leads.id, id));
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: id, kind: 'note', actorId: reader.userId, text })
      .returning({ id: leadEvents.id });
    await alongWith(tx, { id, eventId: event!.id });
    return 'added';
  });
}

/**
 * Assigns a lead to one of its project's approved members, or to nobody (null). null when the reader
 * may not see the lead; 'not-member' when the assignee is not an approved member of the project.
 */
export async function assignLead(
  db: Db,
  reader: LeadReader,
  id: number,
  assigneeId: string | null,
  alongWith: AlongWith<{ id: number; from: string | null; to: string | null }>,
): Promise<'assigned' | 'unchanged' | 'not-member' | null> {
  return db.transaction(async (tx) => {
    const lead = await lockReadableLead(tx, reader, id);
    if (!lead) return null;
    let assigned: { id: string; name: string } | null = null;
    if (assigneeId !== null) {
      const [memberRow] = await tx
        .select({ id: user.id, name: user.name })
        .from(projectMembers)
        .innerJoin(user, eq(user.id, projectMembers.userId))
        .where(and(eq(projectMembers.projectId, lead.projectId), eq(projectMembers.userId, assigneeId)));
      if (!memberRow) return 'not-member';
      assigned = memberRow;
    }
    if (lead.assigneeId === assigneeId) return 'unchanged';
    await tx
      .update(leads)
      .set({ assigneeId, ...activityNow })
      .where(eq(leads.id, id));
    await tx
      .insert(leadEvents)
      .values({ leadId: id, kind: 'assigned', actorId: reader.userId, data: { assignee: assigned } });
    await alongWith(tx, { id, from: lead.assigneeId, to: assigneeId });
    return 'assigned';
  });
}

type ResponseTimeRow = {
  /** 1 when the row is not per project (grouping() of the column). */
  project_rolled_up: number;
  /** 1 when the row is not per agent. */
  agent_rolled_up: number;
  project_id: number | null;
  agent_id: string | null;
  label: string | null;
  leads: number | string;
  responded: number | string;
  /** [median, 90th percentile] in seconds; null when none responded. */
  percentiles: (number | string | null)[] | null;
};

const toSeconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/** The calendar day (Sydney) `days` before today: where response times start by default. */
export function daysAgoInSydney(days: number, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LEAD_DATE_TIME_ZONE }).format(
    new Date(now.getTime() - days * DAY_MS),
  );
}

/** Sorting the seconds of a month of many thousand leads in memory rather than in temporary files. */
const RESPONSE_TIMES_WORK_MEM = '32MB';

/**
 * Median and 90th percentile of the time to first response (issue 16 speed-to-lead) of the filtered
 * leads (the last LEAD_RESPONSE_TIMES_DEFAULT_DAYS, 30, days unless `from` is given): overall, per
 * project, and per agent (who made the first response). One scan with grouping sets and one sort per
 * group for both percentiles; leads not yet answered count in `leads` but not in the percentiles.
 */
export async function leadResponseTimes(
  db: Db,
  reader: LeadReader,
  filter: LeadFilter,
): Promise<LeadResponseTimes> {
  const window = { ...filter, from: filter.from ?? daysAgoInSydney(LEAD_RESPONSE_TIMES_DEFAULT_DAYS) };
  const seconds = sql`extract(epoch from ${leads.firstResponseAt} - ${leads.createdAt})`;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${RESPONSE_TIMES_WORK_MEM}'`));
    return (await tx.execute(sql`
      with grouped as (
        select grouping(${leads.projectId}) as project_rolled_up,
          grouping(${leads.firstResponseById}) as agent_rolled_up,
          ${leads.projectId} as project_id, ${leads.firstResponseById} as agent_id,
          count(*) as leads, count(${leads.firstResponseAt}) as responded,
          percentile_cont(array[0.5, 0.9]) within group (order by ${seconds}) as percentiles
        from ${leads}
        where ${leadConditions(tx, reader, window) ?? sql`true`}
        group by grouping sets ((), (${leads.projectId}), (${leads.firstResponseById}))
      )
      select grouped.*, coalesce(${projects.title}, ${user.name}) as label
      from grouped
      left join ${projects} on ${projects.id} = grouped.project_id
      left join ${user} on ${user.id} = grouped.agent_id`)) as unknown as { rows: ResponseTimeRow[] };
  });

  const toRow = (row: ResponseTimeRow, key: string, label: string) => ({
    key,
    label,
    leads: Number(row.leads),
    responded: Number(row.responded),
    medianSeconds: toSeconds(row.percentiles?.[0] ?? null),
    p90Seconds: toSeconds(row.percentiles?.[1] ?? null),
  });
  const overallRow = result.rows.find(
    (row) => Number(row.project_rolled_up) === 1 && Number(row.agent_rolled_up) === 1,
  );
  const byProject = result.rows
    .filter((row) => Number(row.project_rolled_up) === 0 && row.project_id !== null)
    .map((row) => toRow(row, String(row.project_id), row.label ?? ''))
    .sort((a, b) => a.label.localeCompare(b.label));
  const byAgent = result.rows
    .filter((row) => Number(row.agent_rolled_up) === 0 && row.agent_id !== null)
    .map((row) => toRow(row, row.agent_id!, row.label ?? 'Former member'))
    .sort((a, b) => a.label.localeCompare(b.label));
  const empty = { leads: 0, responded: 0, percentiles: null } as unknown as ResponseTimeRow;
  return { overall: toRow(overallRow ?? empty, 'all', 'All leads'), byAgent, byProject };
}

/**
 * Rows per export query: about 150 KB of CSV. bench:leads (300,000 and 1,000,000 leads on PostgreSQL):
 * with 2,000 rows a batch the server's memory grew by 42-156 MB over an export, as each batch's rows
 * outlived a young-generation collection and were promoted; with 500 it grew by 17-43 MB, for 25%
 * fewer rows a second (43,000/s).
 */
export const LEAD_EXPORT_BATCH_SIZE = 500;

/** Where the previous export batch ended: its last lead's created_at to the microsecond, and id. */
export type LeadExportCursor = { at: string; id: number };

/**
 * One batch of the export in created_at order (then id), after a cursor: keyset paging on the
 * (created_at, id) index, so each batch costs the same on PostgreSQL and PGlite and no cursor is held
 * open between batches. The export's set is the list's filters, exactly.
 */
export async function leadExportBatch(
  db: Db,
  reader: LeadReader,
  filter: LeadFilter,
  order: 'asc' | 'desc',
  after: LeadExportCursor | null,
  size = LEAD_EXPORT_BATCH_SIZE,
) {
  const keyset = after
    ? order === 'desc'
      ? sql`(${leads.createdAt}, ${leads.id}) < (${after.at}::timestamptz, ${after.id})`
      : sql`(${leads.createdAt}, ${leads.id}) > (${after.at}::timestamptz, ${after.id})`
    : undefined;
  const rows = await db
    .select({
      id: leads.id,
      createdAt: isoTimestamp(leads.createdAt),
      cursorAt: sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      projectTitle: projects.title,
      status: leads.status,
      score: leads.score,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      postcode: leads.postcode,
      buyerType: leads.buyerType,
      budget: leads.budget,
      bedrooms: leads.bedrooms,
      configuration: leads.configuration,
      timeframe: leads.timeframe,
      financeStatus: leads.financeStatus,
      source: leads.source,
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      campaignId: leads.campaignId,
      assigneeName: assignee.name,
      firstResponseMinutes: sql<
        number | null
      >`round(extract(epoch from ${leads.firstResponseAt} - ${leads.createdAt}) / 60)::int`,
      enquiryCount: leads.enquiryCount,
      lostReason: leads.lostReason,
      salePrice: leads.salePrice,
      saleDate: leads.saleDate,
      message: leads.message,
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(assignee, eq(assignee.id, leads.assigneeId))
    .where(and(leadConditions(db, reader, filter), keyset))
    .orderBy(...byCreated(order))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: reader.seesContacts
      ? rows
      : rows.map((row) => ({ ...maskLeadContact(row), message: null, lostReason: null })),
    next: rows.length === size && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

export type LeadExportRow = Awaited<ReturnType<typeof leadExportBatch>>['rows'][number];
