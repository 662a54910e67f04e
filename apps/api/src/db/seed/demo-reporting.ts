import { createHash } from 'node:crypto';
import {
  type DeviceClass,
  type ListingEventKind,
  REPORTING_TIME_ZONE,
  STAR_RATING_MAX,
} from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { visitorSketchOf } from '../../lib/hyperloglog.ts';
import { VisitorSketchBook, type VisitorSketchRow } from '../../modules/reporting/visitor-sketch-book.ts';
import {
  buyerFeedback,
  buyerFeedbackRequests,
  listingEvents,
  type listingMetricDays,
} from '../schema/index.ts';
import { DAY_MS, DEMO_SEED, type DemoRows, type ProjectRow } from './builders/common.ts';
import { DEMO_LEAD_DAYS, type DemoLeads, type LeadRow } from './demo-leads.ts';
import { insertRows, type Tx } from './insert-rows.ts';
import { createRng, mixSeed, type Rng } from './prng.ts';

/**
 * Demo reporting data (issue 17 item 7): 18 months of listing performance for the demo listings,
 * written straight into the day rollups reports read, the last few days as raw listing events that
 * the rollup adds (as it does for real visits), and buyer feedback on a share of the demo leads.
 *
 * The shapes: a listing's views start when it is listed, jump at launch and settle, grow with the
 * portal, dip midweek, and fall away once it sells out; paid campaigns and listings selling now draw
 * more. A listing with leads gets the views that make its conversion 2–5%. Brochures, floorplans,
 * phone reveals, videos and gallery opens are each a share of the views. Visitors come back (three in ten
 * of a day's visitors were there before), so a range's unique visitors are fewer than the sum of its days.
 * Deterministic: the seed PRNG and the base date decide everything.
 */

const REPORTING_STREAM = 17_000_017;
const FEEDBACK_STREAM = 17_000_018;
/** Days at the end of the range kept as raw events (the rollup adds them), the rest as rollups. */
export const DEMO_RAW_EVENT_DAYS = 3;
/** Views a day of a listing without leads gets on average, before its shape. */
const QUIET_LISTING_DAILY_VIEWS: readonly [number, number] = [0.2, 1.2];
const RETURNING_VISITOR_SHARE = 0.3;
/** Midweek is quieter: Sunday first, as Date.getUTCDay counts. */
const WEEKDAY_WEIGHT = [1.35, 0.95, 0.9, 0.9, 0.95, 0.9, 1.3];

type MetricDayRow = typeof listingMetricDays.$inferInsert;
type EventRow = typeof listingEvents.$inferInsert;
type FeedbackRow = typeof buyerFeedback.$inferInsert;
type FeedbackRequestRow = typeof buyerFeedbackRequests.$inferInsert;

export type DemoReporting = {
  metricDays: MetricDayRow[];
  visitorSketches: VisitorSketchRow[];
  events: EventRow[];
  feedbackRequests: FeedbackRequestRow[];
  feedback: FeedbackRow[];
};

const sydneyDate = new Intl.DateTimeFormat('en-CA', { timeZone: REPORTING_TIME_ZONE });

/** The reporting day (YYYY-MM-DD, Sydney) of a moment. */
const reportingDay = (at: number) => sydneyDate.format(at);

/** The calendar day `days` after a YYYY-MM-DD day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Poisson draw (Knuth's for small means, a rounded normal for large ones). */
function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const normal = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
  }
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng.next(); product > limit; product *= rng.next()) count += 1;
  return count;
}

const between = (rng: Rng, [low, high]: readonly [number, number]) => low + rng.next() * (high - low);

/** How one listing draws: its day weights over the range and what visitors do besides viewing. */
type ListingPlan = {
  project: ProjectRow;
  /** Expected views per day index (0 = first day of the range). */
  expected: number[];
  rates: Record<Exclude<ListingEventKind, 'page_view'>, number>;
  /** Page views per visitor on a day. */
  viewsPerVisitor: number;
};

/** The day the demo leads' listing stopped taking enquiries, as demo-leads.ts decides it. */
const soldOutAt = (project: ProjectRow, now: number) => now - (30 + ((project.id * 37) % 150)) * DAY_MS;

/** A listing's relative draw on each day of the range: listing date, launch, growth, weekday, sell-out. */
function dayWeights(project: ProjectRow, start: number, now: number, days: number): number[] {
  const listedAt = project.createdAt?.getTime() ?? start;
  const soldOut = project.salesStatus === 'SOLD_OUT' ? soldOutAt(project, now) : Number.POSITIVE_INFINITY;
  const weights: number[] = [];
  for (let day = 0; day < days; day++) {
    const at = start + day * DAY_MS;
    if (at + DAY_MS < listedAt) {
      weights.push(0);
      continue;
    }
    const sinceListing = Math.max(0, (at - listedAt) / DAY_MS);
    const launch = 1 + 2.2 * Math.exp(-sinceListing / 21);
    const growth = 1 + (1.5 * day) / days;
    const weekday = WEEKDAY_WEIGHT[new Date(at + 10 * 60 * 60 * 1000).getUTCDay()]!;
    const after = at > soldOut ? 0.12 : 1;
    weights.push(launch * growth * weekday * after);
  }
  return weights;
}

const STATUS_DRAW: Record<string, number> = {
  SELLING_NOW: 1.5,
  REGISTRATIONS_OF_INTEREST: 1.1,
  PENDING_LAUNCH: 0.7,
  SOLD_OUT: 0.8,
};

function planListing(rng: Rng, project: ProjectRow, leadCount: number, range: Range): ListingPlan {
  const weights = dayWeights(project, range.start, range.now, range.days);
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const paid = project.campaignType !== 'NONE';
  // A paid campaign brings more views and converts a little less.
  const conversion = between(rng, [0.02, 0.05]) * (paid ? 0.8 : 1);
  const activeDays = weights.filter((weight) => weight > 0).length;
  const quiet =
    between(rng, QUIET_LISTING_DAILY_VIEWS) *
    (paid ? 1.6 : 1) *
    (STATUS_DRAW[project.salesStatus ?? ''] ?? 1);
  const views = leadCount > 0 ? leadCount / conversion : quiet * activeDays;
  return {
    project,
    expected: weights.map((weight) => (views * weight) / total),
    rates: {
      brochure_download: between(rng, [0.03, 0.08]),
      floorplan_view: between(rng, [0.05, 0.12]),
      phone_reveal: between(rng, [0.01, 0.03]),
      video_play: project.videoUrl ? between(rng, [0.03, 0.07]) : 0,
      gallery_open: between(rng, [0.2, 0.35]),
    },
    viewsPerVisitor: between(rng, [1.25, 1.6]),
  };
}

type Range = { now: number; start: number; days: number; firstDay: string; rawFrom: string };

/** A listing's visitors: new ones get fresh ids, some come back; each is kept as its sketch. */
function visitorBook(projectId: number) {
  const sketches: { register: number; rank: number }[] = [];
  return {
    /** `count` distinct visitors of one day, a share of them seen before. */
    ofDay(rng: Rng, count: number) {
      const chosen = new Set<number>();
      for (let i = 0; i < count; i++) {
        const returning = sketches.length > 0 && rng.chance(RETURNING_VISITOR_SHARE);
        if (returning)
          chosen.add(sketches.length - 1 - Math.floor(rng.next() * Math.min(400, sketches.length)));
        else {
          sketches.push(visitorSketchOf(`demo-visitor-${projectId}-${sketches.length}`));
          chosen.add(sketches.length - 1);
        }
      }
      return [...chosen].map((index) => sketches[index]!);
    },
  };
}

const DEVICES: readonly (readonly [DeviceClass, number])[] = [
  ['mobile', 62],
  ['desktop', 31],
  ['tablet', 7],
];
/** Where visitors come from: [referrer host, utm source, utm medium, utm campaign], by weight. */
const SOURCES: readonly (readonly [readonly (string | null)[], number])[] = [
  [[null, null, null, null], 34],
  [['www.google.com', null, null, null], 33],
  [['www.facebook.com', 'facebook', 'paid_social', 'spring-launch'], 11],
  [['www.realestate.com.au', null, null, null], 9],
  [['www.instagram.com', 'instagram', 'social', null], 5],
  [['mail.google.com', 'newsletter', 'email', 'buyer-digest'], 8],
];

/** One visitor's events on a raw-event day, as the tracker would have sent them. */
function visitorEvents(
  rng: Rng,
  projectId: number,
  visitor: { register: number; rank: number },
  day: string,
  kinds: ListingEventKind[],
  now: number,
): EventRow[] {
  // 7:00 to 21:59 at UTC+10 stays on the same Sydney day with or without daylight saving.
  const session = Date.parse(`${day}T00:00:00+10:00`) + (7 * 60 + rng.int(0, 15 * 60 - 1)) * 60_000;
  const device = rng.weighted(DEVICES);
  const [referrerHost, utmSource, utmMedium, utmCampaign] = rng.weighted(SOURCES);
  return kinds
    .map((kind, index) => ({
      projectId,
      kind,
      occurredAt: new Date(session + index * rng.int(10, 120) * 1000),
      visitorRegister: visitor.register,
      visitorRank: visitor.rank,
      device,
      referrerHost: referrerHost ?? null,
      utmSource: utmSource ?? null,
      utmMedium: utmMedium ?? null,
      utmCampaign: utmCampaign ?? null,
    }))
    .filter((event) => event.occurredAt.getTime() < now);
}

/** A day's counts per kind for a listing. */
function dayCounts(rng: Rng, plan: ListingPlan, expected: number) {
  const views = poisson(rng, expected);
  const counts: [ListingEventKind, number][] = [['page_view', views]];
  for (const [kind, rate] of Object.entries(plan.rates) as [ListingEventKind, number][]) {
    // A share of the views, never more than them.
    counts.push([kind, Math.min(views, poisson(rng, views * rate))]);
  }
  return counts;
}

type Sketch = { register: number; rank: number };
type DayOf = { projectId: number; day: string; seen: Sketch[]; counts: [ListingEventKind, number][] };

/** A raw-event day: each visitor viewed the page once; extra views and the other actions fall on any of them. */
function rawDay(rng: Rng, { projectId, day, seen, counts }: DayOf, range: Range, out: DemoReporting) {
  const kindsOf = seen.map((): ListingEventKind[] => ['page_view']);
  for (const [kind, count] of counts) {
    const extra = kind === 'page_view' ? count - seen.length : count;
    for (let i = 0; i < extra; i++) kindsOf[rng.int(0, seen.length - 1)]!.push(kind);
  }
  for (const [i, visitor] of seen.entries()) {
    out.events.push(...visitorEvents(rng, projectId, visitor, day, kindsOf[i]!, range.now));
  }
}

/** A rolled-up day: a count per kind, and its visitors in the day's, week's and month's sketches. */
function rolledUpDay(
  { projectId, day, seen, counts }: DayOf,
  out: DemoReporting,
  sketches: VisitorSketchBook,
) {
  for (const [kind, count] of counts) if (count > 0) out.metricDays.push({ projectId, day, kind, count });
  for (const { register, rank } of seen) sketches.add(projectId, day, register, rank);
}

/** One listing's rollup rows, and its raw events for the last days. */
function listingRows(
  rng: Rng,
  plan: ListingPlan,
  range: Range,
  out: DemoReporting,
  sketches: VisitorSketchBook,
) {
  const visitors = visitorBook(plan.project.id);
  for (const [index, expected] of plan.expected.entries()) {
    const counts = dayCounts(rng, plan, expected);
    const views = counts[0]![1];
    if (views === 0) continue;
    const day = addDays(range.firstDay, index);
    const seen = visitors.ofDay(rng, Math.max(1, Math.round(views / plan.viewsPerVisitor)));
    const dayOf = { projectId: plan.project.id, day, seen, counts };
    if (day >= range.rawFrom) rawDay(rng, dayOf, range, out);
    else rolledUpDay(dayOf, out, sketches);
  }
}

/** Stars skewed to the good side, as buyers who answer such emails rate. */
const PROJECT_STARS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 2],
  [2, 5],
  [3, 14],
  [4, 36],
  [5, 42],
];
const AGENT_STARS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 10],
  [4, 32],
  [5, 52],
];
const COMMENTS: Record<'good' | 'mixed' | 'poor', readonly string[]> = {
  good: [
    'Quick reply and all my questions answered. Booked a display suite visit.',
    'Very helpful: sent the floorplans and the strata estimates the same day.',
    'Great location and the display suite was worth the trip.',
    'Clear pricing and no pressure. We are considering the two-bedroom.',
    'The agent followed up exactly when they said they would.',
    'Loved the finishes. Would like more car spaces on offer.',
    'Friendly and knowledgeable, explained the deposit and settlement timeline well.',
    'Good experience overall, the brochure had everything we needed.',
  ],
  mixed: [
    'Took two days to hear back, but the information was good once it came.',
    'Nice project, though prices went up since the launch.',
    'Helpful on the phone; the floorplans online could be clearer.',
    'Still waiting on the rental estimate I asked for.',
  ],
  poor: [
    'Nobody called back after my enquiry.',
    'The apartment sizes were smaller than the brochure suggested.',
    'Felt pushed to put down a holding deposit on the first call.',
  ],
};

function commentFor(rng: Rng, stars: number): string | null {
  if (!rng.chance(0.45)) return null;
  return rng.pick(COMMENTS[stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'poor']);
}

/**
 * Feedback from about three in ten buyers whose request went out (72 hours after the lead) at least a
 * day ago: their used request and their rating of the project and of the agent who handled the lead.
 */
function buildFeedback(leads: readonly LeadRow[], now: number, out: DemoReporting) {
  const rng = createRng(mixSeed(DEMO_SEED, FEEDBACK_STREAM));
  for (const lead of leads) {
    const sentAt = (lead.createdAt as Date).getTime() + 3 * DAY_MS;
    if (sentAt > now - DAY_MS || !rng.chance(0.3)) continue;
    const ratedAt = Math.min(now - 60_000, sentAt + rng.int(1, 6 * 24) * 60 * 60 * 1000);
    const projectRating = rng.weighted(PROJECT_STARS);
    const agentId = lead.assigneeId ?? lead.firstResponseById ?? null;
    const agentRating = agentId ? Math.min(STAR_RATING_MAX, rng.weighted(AGENT_STARS)) : null;
    const tokenHash = createHash('sha256').update(`demo-feedback-${rng.next()}-${lead.id}`).digest('hex');
    out.feedbackRequests.push({
      leadId: lead.id,
      tokenHash,
      sentAt: new Date(sentAt),
      expiresAt: new Date(sentAt + 30 * DAY_MS),
      usedAt: new Date(ratedAt),
    });
    out.feedback.push({
      leadId: lead.id,
      projectId: lead.projectId,
      agentId,
      buyerType: lead.buyerType,
      projectRating,
      agentRating,
      comment: commentFor(rng, projectRating),
      createdAt: new Date(ratedAt),
    });
  }
  out.feedback.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
}

/** Listings with a public page draw visitors: not hidden, not abandoned. */
const onMarketplace = (project: ProjectRow) =>
  project.salesStatus !== 'HIDDEN' && project.stage !== 'NOT_PROCEEDING';

/** Every reporting row of the demo data, in memory (pure: the same rows, leads and base date, the same rows). */
export function buildDemoReporting(
  rows: Pick<DemoRows, 'projects'>,
  demoLeads: Pick<DemoLeads, 'leads'>,
  options: { now: number },
): DemoReporting {
  const { now } = options;
  const today = reportingDay(now);
  const firstDay = addDays(today, -(DEMO_LEAD_DAYS - 1));
  const range: Range = {
    now,
    start: Date.parse(`${firstDay}T00:00:00+10:00`),
    days: DEMO_LEAD_DAYS,
    firstDay,
    rawFrom: addDays(today, -(DEMO_RAW_EVENT_DAYS - 1)),
  };
  const leadsPerProject = new Map<number, number>();
  for (const lead of demoLeads.leads)
    leadsPerProject.set(lead.projectId, (leadsPerProject.get(lead.projectId) ?? 0) + 1);
  const out: DemoReporting = {
    metricDays: [],
    visitorSketches: [],
    events: [],
    feedbackRequests: [],
    feedback: [],
  };
  const sketches = new VisitorSketchBook();
  for (const project of rows.projects) {
    if (!onMarketplace(project)) continue;
    // One stream per listing: its numbers do not depend on the listings before it.
    const rng = createRng(mixSeed(mixSeed(DEMO_SEED, REPORTING_STREAM), project.id));
    const plan = planListing(rng, project, leadsPerProject.get(project.id) ?? 0, range);
    listingRows(rng, plan, range, out, sketches);
  }
  out.visitorSketches = sketches.rows();
  buildFeedback(demoLeads.leads, now, out);
  return out;
}

const ROWS_PER_UNNEST = 20_000;

/**
 * Narrow rows (numbers, days, enum labels, hex bytes: nothing else to quote) as one array per column, expanded by
 * `unnest`: for the 200,000 rollup rows, half the work of insert-rows.ts's JSON records.
 */
async function insertColumns<Row>(
  tx: Tx,
  table: string,
  rows: readonly Row[],
  columns: readonly (readonly [name: string, type: string, value: (row: Row) => string | number])[],
) {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  for (let start = 0; start < rows.length; start += ROWS_PER_UNNEST) {
    const chunk = rows.slice(start, start + ROWS_PER_UNNEST);
    const arrays = columns.map(
      ([, type, value]) => sql`${`{${chunk.map(value).join(',')}}`}::${sql.raw(type)}[]`,
    );
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}

/**
 * Writes the reporting rows in the seed's transaction: the raw events' monthly partitions first
 * (made as the portal makes them), then multi-row inserts. The events' transaction is the seed's, so
 * the rollup adds them once it commits.
 */
export async function insertDemoReporting(
  tx: Tx,
  built: DemoReporting,
  done: (step: string, rows: number) => void,
) {
  const first = built.events.reduce(
    (min, event) => Math.min(min, (event.occurredAt as Date).getTime()),
    Infinity,
  );
  if (Number.isFinite(first)) {
    await tx.execute(
      sql`select ensure_listing_event_partitions(${new Date(first).toISOString().slice(0, 10)}::date, 2)`,
    );
  }
  await insertColumns(tx, 'listing_metric_days', built.metricDays, [
    ['project_id', 'int', (row) => row.projectId],
    ['day', 'date', (row) => row.day],
    ['kind', 'listing_event_kind', (row) => row.kind],
    ['count', 'int', (row) => row.count],
  ]);
  done('listing_metric_days', built.metricDays.length);
  await insertColumns(tx, 'listing_visitor_sketches', built.visitorSketches, [
    ['project_id', 'int', (row) => row.projectId],
    ['grain', 'visitor_sketch_grain', (row) => row.grain],
    ['starts', 'date', (row) => row.starts],
    // A bytea array element in hex form, quoted, its backslash escaped for the array literal.
    ['sketch', 'bytea', (row) => `"\\\\x${Buffer.from(row.sketch).toString('hex')}"`],
  ]);
  done('listing_visitor_sketches', built.visitorSketches.length);
  await insertRows(tx, listingEvents, built.events);
  done('listing_events', built.events.length);
  await insertRows(tx, buyerFeedbackRequests, built.feedbackRequests);
  done('buyer_feedback_requests', built.feedbackRequests.length);
  await insertRows(tx, buyerFeedback, built.feedback);
  done('buyer_feedback', built.feedback.length);
}
