import {
  type BuyerDemandAnswer,
  type BuyerDemandQuery,
  type BuyerDemandRow,
  DEMAND_OUTRUNS_RATIO,
} from '@offplan/shared';
import type { Db } from '../../db/client.ts';
import {
  comparesSupply,
  type DemandFigures,
  demandByGroup,
  groupLabel,
  supplyByGroup,
} from './buyer-demands.repository.ts';

/** Rows where demand outruns supply first (no stock before the highest ratio), then the most demand. */
export function compareRows(a: BuyerDemandRow, b: BuyerDemandRow): number {
  if (a.outrunsSupply !== b.outrunsSupply) return a.outrunsSupply ? -1 : 1;
  const ratioA = a.ratio ?? (a.outrunsSupply ? Number.POSITIVE_INFINITY : -1);
  const ratioB = b.ratio ?? (b.outrunsSupply ? Number.POSITIVE_INFINITY : -1);
  if (ratioA !== ratioB) return ratioB - ratioA;
  if (a.demand !== b.demand) return b.demand - a.demand;
  return a.label.localeCompare(b.label);
}

/** Demand and supply of the period, side by side per group (decision 035). */
export async function buyerDemandReport(db: Db, query: BuyerDemandQuery): Promise<BuyerDemandAnswer> {
  const withSupply = comparesSupply(query.groupBy);
  const [demand, supply] = await Promise.all([demandByGroup(db, query), supplyByGroup(db, query)]);
  const supplyByKey = new Map(supply.map((row) => [row.key, row]));
  const groups = new Map<string | null, DemandFigures>(demand.map((row) => [row.key, row]));
  // Supply nobody asked for is shown too (demand 0): where developers have stock and no buyers.
  for (const row of supply)
    if (!groups.has(row.key)) groups.set(row.key, { key: row.key, label: null, enquiries: 0, searches: 0 });
  const rows = [...groups.values()].map((group): BuyerDemandRow => {
    const demandCount = group.enquiries + group.searches;
    const stocked = group.key === null ? undefined : supplyByKey.get(group.key);
    const compared = withSupply && group.key !== null;
    const stock = compared ? (stocked?.stock ?? 0) : null;
    const ratio = stock ? demandCount / stock : null;
    return {
      key: group.key,
      label: stocked?.label ?? group.label ?? groupLabel(query.groupBy, group.key, query.state),
      enquiries: group.enquiries,
      searches: group.searches,
      demand: demandCount,
      supplyProjects: compared ? (stocked?.projects ?? 0) : null,
      supplyConfigurations: compared ? (stocked?.configurations ?? 0) : null,
      supplyStock: stock,
      ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
      outrunsSupply: compared && demandCount > 0 && (stock === 0 || (ratio ?? 0) >= DEMAND_OUTRUNS_RATIO),
    };
  });
  rows.sort(compareRows);
  const enquiries = demand.reduce((sum, row) => sum + row.enquiries, 0);
  const searches = demand.reduce((sum, row) => sum + row.searches, 0);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    totals: { enquiries, searches, demand: enquiries + searches },
    comparesSupply: withSupply,
    rows,
  };
}
