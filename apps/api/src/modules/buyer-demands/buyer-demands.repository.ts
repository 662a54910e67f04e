import {
  BUDGET_BAND_LABELS,
  BUYER_TYPE_LABELS,
  type BudgetBand,
  type BuyerDemandQuery,
  type BuyerType,
  bedroomsLabel,
  DEMAND_BEDROOMS_CAP,
  type DemandGrouping,
} from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared-statement.ts';

/** A group's demand (from the rollup) or supply (from the listings), before they are put side by side. */
export type DemandFigures = { key: string | null; label: string | null; enquiries: number; searches: number };
export type SupplyFigures = {
  key: string;
  label: string | null;
  projects: number;
  configurations: number;
  stock: number;
};

/**
 * Where each grouping reads (decision 035): its own dimension, or, for state and buyer type, the
 * bedrooms dimension (every demand counts there exactly once). The key is the same text for demand and
 * supply, so they meet: suburbs are `STATE/suburb` in lower case (a name repeats across states; a
 * search may case it otherwise).
 */
const DEMAND_READ: Record<DemandGrouping, { dimension: string; columns: SQL }> = {
  SUBURB: { dimension: 'SUBURB', columns: sql`d.state::text as state, d.value` },
  STATE: { dimension: 'BEDROOMS', columns: sql`d.state::text as state, null::text as value` },
  BEDROOMS: { dimension: 'BEDROOMS', columns: sql`null::text as state, d.value` },
  BUDGET_BAND: { dimension: 'BUDGET_BAND', columns: sql`null::text as state, d.value` },
  BUYER_TYPE: { dimension: 'BEDROOMS', columns: sql`null::text as state, d.buyer_type::text as value` },
};

/** A group's key from what the counts were grouped by: a suburb is `STATE/suburb` in lower case. */
function demandKey(groupBy: DemandGrouping, state: string | null, value: string | null): string | null {
  if (groupBy === 'STATE') return state;
  if (groupBy === 'SUBURB') return value === null ? null : `${state}/${value.toLowerCase()}`;
  return value;
}

const SUPPLY_KEY: Partial<Record<DemandGrouping, SQL>> = {
  SUBURB: sql`p.state::text || '/' || lower(nullif(p.suburb, ''))`,
  STATE: sql`p.state::text`,
  BEDROOMS: sql`least(c.bedrooms, ${DEMAND_BEDROOMS_CAP})::text`,
  BUDGET_BAND: sql`buyer_budget_band(c.price_from)`,
};

/** Whether a grouping has a supply side: buyers' types have none. */
export const comparesSupply = (groupBy: DemandGrouping) => SUPPLY_KEY[groupBy] !== undefined;

const DAY_MS = 86_400_000;
const shift = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const nextMonth = (isoDay: string) => {
  const date = new Date(`${isoDay.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * A period as the counts hold it: its whole months (first days from `months[0]` to `months[1]`) and
 * its other days (at most a month's worth at each end).
 */
export function periodPieces(startDate: string, endDate: string) {
  const firstMonth = startDate.endsWith('-01') ? startDate : nextMonth(startDate);
  // The first day of the month after the last whole month.
  const afterMonths = shift(endDate, 1).endsWith('-01') ? shift(endDate, 1) : `${endDate.slice(0, 7)}-01`;
  if (firstMonth >= afterMonths) return { months: null, days: [[startDate, endDate]] as [string, string][] };
  const days: [string, string][] = [];
  if (startDate < firstMonth) days.push([startDate, shift(firstMonth, -1)]);
  if (afterMonths <= endDate) days.push([afterMonths, endDate]);
  const lastMonth = `${shift(afterMonths, -1).slice(0, 7)}-01`;
  return { months: [firstMonth, lastMonth] as [string, string], days };
}

/**
 * Demand per group over the period, from `buyer_demand_counts` (decision 035): the period's whole
 * months and its edge days of one dimension, a few thousand rows whatever the number of leads.
 */
export async function demandByGroup(db: Db, query: BuyerDemandQuery): Promise<DemandFigures[]> {
  const read = DEMAND_READ[query.groupBy];
  const pieces = periodPieces(query.startDate, query.endDate);
  const spans: [string, string, string][] = [
    ...(pieces.months ? [['MONTH', ...pieces.months] as [string, string, string]] : []),
    ...pieces.days.map(([from, to]) => ['DAY', from, to] as [string, string, string]),
  ];
  const filters: SQL[] = [];
  if (query.state) filters.push(sql`and state = ${query.state}::australian_state`);
  if (query.source !== 'BOTH') filters.push(sql`and source = ${query.source}::buyer_demand_source`);
  if (query.buyerType !== 'ALL') filters.push(sql`and buyer_type = ${query.buyerType}::lead_buyer_type`);
  // One index-only range scan per span (an OR of them would be a bitmap scan reading the table), and
  // grouped by the stored columns alone: the key is made below, on a few hundred groups.
  const scans = spans.map(
    ([grain, from, to]) => sql`
      select state, source, buyer_type, value, count from buyer_demand_counts
      where dimension = ${read.dimension}::buyer_demand_dimension and grain = ${grain}::buyer_demand_grain
        and starts between ${from}::date and ${to}::date ${sql.join(filters, sql` `)}`,
  );
  const rows = await executePrepared<{
    state: string | null;
    value: string | null;
    enquiries: number;
    searches: number;
  }>(
    db,
    sql`
      select ${read.columns},
        coalesce(sum(d.count) filter (where d.source = 'ENQUIRY'), 0)::int as enquiries,
        coalesce(sum(d.count) filter (where d.source = 'SEARCH'), 0)::int as searches
      from (${sql.join(scans, sql` union all `)}) as d
      group by 1, 2
      having sum(d.count) > 0`,
  );
  const groups = new Map<string | null, DemandFigures>();
  for (const row of rows) {
    const key = demandKey(query.groupBy, row.state, row.value);
    const group = groups.get(key) ?? {
      key,
      label: query.groupBy === 'SUBURB' && row.value !== null ? `${row.value}, ${row.state}` : null,
      enquiries: 0,
      searches: 0,
    };
    group.enquiries += Number(row.enquiries);
    group.searches += Number(row.searches);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What is for sale per group: listed projects (not hidden, sold out or stopped) and their configurations
 * with units in stock, in the chosen state. Read live: a few thousand configurations.
 */
export async function supplyByGroup(db: Db, query: BuyerDemandQuery): Promise<SupplyFigures[]> {
  const key = SUPPLY_KEY[query.groupBy];
  if (!key) return [];
  const rows = await executePrepared<{
    key: string | null;
    label: string | null;
    projects: number;
    configurations: number;
    stock: number;
  }>(
    db,
    sql`
      select ${key} as key,
        ${query.groupBy === 'SUBURB' ? sql`max(p.suburb) || ', ' || max(p.state::text)` : sql`null::text`} as label,
        count(distinct p.id)::int as projects, count(*)::int as configurations,
        sum(c.stock_available)::int as stock
      from project_configurations c join projects p on p.id = c.project_id
      where c.stock_available > 0 and p.sales_status not in ('HIDDEN', 'SOLD_OUT') and p.stage <> 'NOT_PROCEEDING'
        ${query.state ? sql`and p.state = ${query.state}::australian_state` : sql``}
      group by 1`,
  );
  return rows
    .filter((row): row is SupplyFigures => row.key !== null)
    .map((row) => ({
      key: row.key,
      label: row.label,
      projects: Number(row.projects),
      configurations: Number(row.configurations),
      stock: Number(row.stock),
    }));
}

/** A suburb's label from its key when only supply names it: `NSW/st kilda` → `St Kilda, NSW`. */
const suburbLabelOfKey = (key: string) => {
  const [state, suburb = ''] = key.split('/');
  return `${suburb.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())}, ${state}`;
};

/** What a group is called on the page and in the CSV. */
export function groupLabel(groupBy: DemandGrouping, key: string | null, state?: string): string {
  if (key === null) return groupBy === 'SUBURB' ? `No suburb named${state ? ` (${state})` : ''}` : 'Not said';
  switch (groupBy) {
    case 'SUBURB':
      return suburbLabelOfKey(key);
    case 'STATE':
      return key;
    case 'BEDROOMS':
      return bedroomsLabel(Number(key));
    case 'BUDGET_BAND':
      return BUDGET_BAND_LABELS[key as BudgetBand] ?? key;
    case 'BUYER_TYPE':
      return BUYER_TYPE_LABELS[key as BuyerType] ?? key;
  }
}
