import { BUYER_DEMAND_PATHS, type BuyerDemandAnswer, type BuyerDemandRow } from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BuyerDemandsPage } from './components/buyer-demands-page.tsx';
import { demandCsv, demandTableCells, demandTableHeader, formatDemandCell } from './lib/demand-table.ts';

const WAIT = { timeout: 10_000 };

const row = (values: Partial<BuyerDemandRow> & Pick<BuyerDemandRow, 'key' | 'label'>): BuyerDemandRow => ({
  enquiries: 0,
  searches: 0,
  demand: 0,
  supplyProjects: 0,
  supplyConfigurations: 0,
  supplyStock: 0,
  ratio: null,
  outrunsSupply: false,
  ...values,
});

const ANSWER: BuyerDemandAnswer = {
  startDate: '2025-11-25',
  endDate: '2026-11-24',
  groupBy: 'SUBURB',
  totals: { enquiries: 1290, searches: 40, demand: 1330 },
  comparesSupply: true,
  rows: [
    row({
      key: 'NSW/rhodes',
      label: 'Rhodes, NSW',
      enquiries: 10,
      searches: 30,
      demand: 40,
      outrunsSupply: true,
    }),
    row({
      key: 'VIC/southbank',
      label: 'Southbank, VIC',
      enquiries: 1200,
      searches: 10,
      demand: 1210,
      supplyProjects: 2,
      supplyConfigurations: 3,
      supplyStock: 500,
      ratio: 2.42,
      outrunsSupply: true,
    }),
    row({
      key: 'QLD/=cmd',
      label: '=cmd|calc, QLD',
      enquiries: 80,
      demand: 80,
      supplyProjects: 1,
      supplyConfigurations: 1,
      supplyStock: 400,
      ratio: 0.2,
    }),
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

// Mantine's tables and charts render slowly under jsdom on a busy machine.
describe('/buyer-demands page', { timeout: 30_000 }, () => {
  it('shows the totals, the chart and the table with demand outrunning supply marked', async () => {
    stubApi({ [`GET ${BUYER_DEMAND_PATHS.buyerDemands}`]: ok(ANSWER) });
    renderWithProviders(<BuyerDemandsPage />);
    const table = await screen.findByRole('table', { name: 'Demand and supply by suburb' }, WAIT);
    const rows = within(table).getAllByTestId('demand-row');
    expect(rows.map((each) => each.getAttribute('data-outruns'))).toEqual(['true', 'true', null]);
    expect(within(rows[0]!).getByText('No stock')).toBeTruthy();
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Southbank, VIC', '1,200', '10', '1,210', '2', '3', '500', '2.42', 'Yes']);
    expect(screen.getByRole('img', { name: 'Demand by suburb' })).toBeTruthy();
    expect(screen.getByText('1,290')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Only where demand outruns supply' }));
    await waitFor(() => expect(within(table).getAllByTestId('demand-row')).toHaveLength(2));
  });

  it('asks again when the grouping changes, and keeps a wrong-way-round period at the field', async () => {
    const calls = stubApi({ [`GET ${BUYER_DEMAND_PATHS.buyerDemands}`]: ok(ANSWER) });
    renderWithProviders(<BuyerDemandsPage />);
    await screen.findByRole('table', {}, WAIT);
    fireEvent.click(screen.getByRole('radio', { name: 'Bedrooms' }));
    await waitFor(
      () =>
        expect(
          callsTo(calls, 'GET', BUYER_DEMAND_PATHS.buyerDemands).map((call) =>
            call.url.searchParams.get('groupBy'),
          ),
        ).toEqual(['SUBURB', 'BEDROOMS']),
      WAIT,
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(callsTo(calls, 'GET', BUYER_DEMAND_PATHS.buyerDemands)).toHaveLength(2);
  });

  it('says what to do when nothing was asked for, and shows the API’s refusal', async () => {
    stubApi({
      [`GET ${BUYER_DEMAND_PATHS.buyerDemands}`]: ok({
        ...ANSWER,
        rows: [],
        totals: { enquiries: 0, searches: 0, demand: 0 },
      }),
    });
    const { unmount } = renderWithProviders(<BuyerDemandsPage />);
    expect(await screen.findByText('No buyer demand in this period', {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/Choose a longer period/)).toBeTruthy();
    unmount();
    stubApi({
      [`GET ${BUYER_DEMAND_PATHS.buyerDemands}`]: apiError(
        403,
        'FORBIDDEN',
        'You do not have permission to do that.',
      ),
    });
    renderWithProviders(<BuyerDemandsPage />);
    expect(await screen.findByText('You do not have permission to do that.', {}, WAIT)).toBeTruthy();
  });
});

describe('the buyer demand CSV', () => {
  it('is the table: same header, rows and words, a formula-like label defused', () => {
    const lines = demandCsv(ANSWER, ANSWER.rows)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = demandTableHeader(ANSWER);
    expect(lines[0]).toBe(header.map((cell) => `"${cell}"`).join(','));
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines[2]).toBe(
      demandTableCells(ANSWER.rows[1]!, true)
        .map((cell, index) => `"${formatDemandCell(cell, header[index]!)}"`)
        .join(','),
    );
    expect(lines[3]!.startsWith(`"'=cmd|calc, QLD"`)).toBe(true);
  });
});
