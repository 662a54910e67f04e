/** /buyer-demands (issue 19) and the marketplace search intake. */

/** Where a buyer's demand was seen: an enquiry (a lead) or a search on the public marketplace. */
export const DEMAND_SOURCES = ['ENQUIRY', 'SEARCH'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];

/**
 * Budget bands, in whole dollars: a budget falls in the band whose `below` it is under (the last has
 * none). The database's `buyer_budget_band(integer)` (migration 0017) is this same table written in
 * SQL; a test holds them together. A lead's budget is its band; a search's is its price maximum
 * (else its minimum); configurations are banded by their price from.
 */
export const BUDGET_BANDS = [
  { key: 'UNDER_500K', below: 500_000, label: 'Under $500k' },
  { key: '500K_750K', below: 750_000, label: '$500k–$750k' },
  { key: '750K_1M', below: 1_000_000, label: '$750k–$1m' },
  { key: '1M_1_5M', below: 1_500_000, label: '$1m–$1.5m' },
  { key: '1_5M_2M', below: 2_000_000, label: '$1.5m–$2m' },
  { key: '2M_PLUS', below: null, label: '$2m and over' },
] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number]['key'];
export const BUDGET_BAND_KEYS = BUDGET_BANDS.map((band) => band.key) as [BudgetBand, ...BudgetBand[]];

/** The band of a budget in dollars; null when none was given. */
export function budgetBandOf(budget: number | null | undefined): BudgetBand | null {
  if (budget === null || budget === undefined) return null;
  for (const band of BUDGET_BANDS) if (band.below === null || budget < band.below) return band.key;
  return '2M_PLUS';
}
