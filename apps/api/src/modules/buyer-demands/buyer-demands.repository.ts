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
 * The group key of a rollup row (`d`) and of a configuration of a project (`c`, `p`), the same text
 * for the same group, so demand and supply meet. Suburbs are `STATE/suburb` in lower case (a suburb's
 * name repeats across states; searches may case it otherwise).
 */
const DEMAND_KEY: Record<DemandGrouping, SQL> = {
  SUBURB: sql`case when d.suburb is null then null else d.state::text || '/' || lower(d.suburb) end`,
  STATE: sql`d.state::text`,
  BEDROOMS: sql`least(d.bedrooms, ${DEMAND_BEDROOMS_CAP})::text`,
  BUDGET_BAND: sql`d.budget_band`,
  BUYER_TYPE: sql`d.buyer_type::text`,
};
const SUPPLY_KEY: Partial<Record<DemandGrouping, SQL>> = {
  SUBURB: sql`p.state::text || '/' || lower(nullif(p.suburb, ''))`,
  STATE: sql`p.state::text`,
  BEDROOMS: sql`least(c.bedrooms, ${DEMAND_BEDROOMS_CAP})::text`,
  BUDGET_BAND: sql`buyer_budget_band(c.price_from)`,
};

/** Whether a grouping has a supply side: buyers' types have none. */
export const comparesSupply = (groupBy: DemandGrouping) => SUPPLY_KEY[groupBy] !== undefined;

/**
 * Demand per group over the period, from `buyer_demand_days` (decision 035): a year is at most a few
 * hundred thousand short rows whatever the number of leads, summed on the day index.
 */
export async function demandByGroup(db: Db, query: BuyerDemandQuery): Promise<DemandFigures[]> {
  const filters = [sql`d.day between ${query.startDate}::date and ${query.endDate}::date`];
  if (query.state) filters.push(sql`d.state = ${query.state}::australian_state`);
  if (query.source !== 'BOTH') filters.push(sql`d.source = ${query.source}::buyer_demand_source`);
  if (query.buyerType !== 'ALL') filters.push(sql`d.buyer_type = ${query.buyerType}::lead_buyer_type`);
  const key = DEMAND_KEY[query.groupBy];
  const rows = await executePrepared<{
    key: string | null;
    label: string | null;
    enquiries: number;
    searches: number;
  }>(
    db,
    sql`
      select ${key} as key,
        ${query.groupBy === 'SUBURB' ? sql`max(d.suburb) || ', ' || max(d.state::text)` : sql`null::text`} as label,
        coalesce(sum(d.count) filter (where d.source = 'ENQUIRY'), 0)::int as enquiries,
        coalesce(sum(d.count) filter (where d.source = 'SEARCH'), 0)::int as searches
      from buyer_demand_days d
      where ${sql.join(filters, sql` and `)}
      group by 1
      having sum(d.count) > 0`,
  );
  return rows.map((row) => ({ ...row, enquiries: Number(row.enquiries), searches: Number(row.searches) }));
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
