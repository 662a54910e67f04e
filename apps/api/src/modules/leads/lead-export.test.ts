import { describe, expect, it } from 'vitest';
import {
  LEAD_EXPORT_COLUMNS,
  type LeadExportBatches,
  leadCsvHeader,
  leadCsvLine,
  leadCsvStream,
  leadExportFileName,
} from './lead-export.ts';
import type { LeadExportRow } from './leads.repository.ts';

const row = (values: Partial<LeadExportRow> = {}): LeadExportRow => ({
  id: 7,
  createdAt: '2026-05-01T02:03:04.005Z',
  cursorAt: '2026-05-01T02:03:04.005678Z',
  projectTitle: 'Harbour Residences',
  status: 'LOST',
  score: 42,
  name: 'Bea Buyer',
  email: 'bea@example.test',
  phone: '+61412345678',
  postcode: '2000',
  buyerType: 'INVESTOR',
  budget: 850000,
  bedrooms: 2,
  configuration: '2 bed + study',
  timeframe: 'WITHIN_3_MONTHS',
  financeStatus: 'PRE_APPROVED',
  source: 'listing',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'spring',
  campaignId: 'c-1',
  assigneeName: 'Sam Sales',
  firstResponseMinutes: 12,
  enquiryCount: 2,
  lostReason: 'Bought elsewhere',
  salePrice: null,
  saleDate: null,
  message: 'Hello',
  ...values,
});

// ignoreBOM keeps the byte-order mark in the text, so the test sees it was sent.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

describe('lead CSV lines', () => {
  it('writes the columns of issue 16 with labels, every cell quoted, lines ended by CRLF', () => {
    expect(leadCsvHeader()).toBe(`\uFEFF${LEAD_EXPORT_COLUMNS.map(([title]) => `"${title}"`).join(',')}\r\n`);
    expect(LEAD_EXPORT_COLUMNS.map(([title]) => title)).toEqual([
      'Lead ID',
      'Received',
      'Project',
      'Status',
      'Score',
      'Name',
      'Email',
      'Phone',
      'Postcode',
      'Buyer type',
      'Budget',
      'Bedrooms',
      'Configuration',
      'Timeframe',
      'Finance',
      'Source',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'Campaign ID',
      'Assignee',
      'First response (minutes)',
      'Enquiries',
      'Lost reason',
      'Sale price',
      'Sale date',
      'Message',
    ]);
    expect(leadCsvLine(row())).toBe(
      '"7","2026-05-01T02:03:04.005Z","Harbour Residences","Lost","42","Bea Buyer","bea@example.test",' +
        '"\'+61412345678","2000","Investor","850000","2","2 bed + study","Within 3 months",' +
        '"Finance pre-approved","listing","google","cpc","spring","c-1","Sam Sales","12","2",' +
        '"Bought elsewhere","","","Hello"\r\n',
    );
  });

  it('neutralises formulas in every text cell and keeps HTML and quotes as typed', () => {
    const line = leadCsvLine(
      row({
        name: '=HYPERLINK("http://evil.test","click")',
        configuration: '@SUM(A1)',
        message: '<img src=x onerror=alert(1)> "hi"\r\n-2+3',
        utmSource: '-cmd',
      }),
    );
    expect(line).toContain('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    expect(line).toContain('"\'@SUM(A1)"');
    expect(line).toContain('"\'-cmd"');
    expect(line).toContain('"<img src=x onerror=alert(1)> ""hi""\r\n-2+3"');
  });
});

describe('leadCsvStream', () => {
  it('sends the header before reading any lead, then one batch per read, until the cursor ends', async () => {
    const calls: unknown[] = [];
    const batches: LeadExportBatches = async (after) => {
      calls.push(after);
      if (!after) return { rows: [row({ id: 1 }), row({ id: 2 })], next: { at: 'a', id: 2 } };
      return { rows: [row({ id: 3 })], next: null };
    };
    const reader = leadCsvStream(batches).getReader();
    const header = await reader.read();
    expect(decoder.decode(header.value)).toBe(leadCsvHeader());
    // Pulled only as the client reads: nothing is read ahead of what is being sent.
    expect(calls.length).toBeLessThanOrEqual(1);
    const first = decoder.decode((await reader.read()).value);
    expect(
      first
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(',')[0]),
    ).toEqual(['"1"', '"2"']);
    const second = decoder.decode((await reader.read()).value);
    expect(second.startsWith('"3"')).toBe(true);
    expect((await reader.read()).done).toBe(true);
    expect(calls).toEqual([null, { at: 'a', id: 2 }]);
  });

  it('stops reading when the client goes away', async () => {
    let reads = 0;
    const endless: LeadExportBatches = async () => {
      reads += 1;
      return { rows: [row()], next: { at: 'a', id: reads } };
    };
    const reader = leadCsvStream(endless).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const afterCancel = reads;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(afterCancel);
    expect(reads).toBeLessThanOrEqual(2);
  });
});

describe('leadExportFileName', () => {
  it('is dated in Sydney', () => {
    // 20:00 UTC on 30 April is 6 in the morning of 1 May in Sydney.
    expect(leadExportFileName(new Date('2026-04-30T20:00:00Z'))).toBe('leads-2026-05-01.csv');
  });
});
