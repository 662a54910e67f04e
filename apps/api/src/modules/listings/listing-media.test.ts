import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMedia, projectMembers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/** Issue 15 finding 8: brochures and floorplans are checked as whole PDFs, not by their first bytes. */
let t: TestApp;
let editor: { id: string; email: string; cookie: string };
let listingId: number;

/** The demo brochure (db/seed/render-demo-assets.ts): a complete PDF with a cross-reference table. */
const demoBrochure = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/demo/brochure.pdf'),
);

/** A small PDF 1.7 as writers make them: binary comment, a compressed content stream, xref and trailer. */
function compressedPdf(): Buffer {
  const content = deflateSync(Buffer.from('BT /F1 24 Tf 72 720 Td (Harbour Views brochure) Tj ET', 'latin1'));
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  const length = () => parts.reduce((sum, part) => sum + part.length, 0);
  const object = (index: number, ...body: Buffer[]) => {
    offsets.push(length());
    parts.push(Buffer.from(`${index} 0 obj\n`, 'latin1'), ...body, Buffer.from('\nendobj\n', 'latin1'));
  };
  object(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  object(2, Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  object(3, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'));
  object(
    4,
    Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    content,
    Buffer.from('\nendstream', 'latin1'),
  );
  const xref = length();
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

function upload(kind: string, data: Buffer | string, name: string) {
  const form = new FormData();
  form.set('kind', kind);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  form.set('file', new Blob([Uint8Array.from(bytes)], { type: 'application/pdf' }), name);
  return t.request(`/api/listings/${listingId}/media`, { method: 'POST', cookie: editor.cookie, body: form });
}

const storedMedia = () => t.db.select().from(projectMedia).where(eq(projectMedia.projectId, listingId));

beforeAll(async () => {
  t = await createTestApp();
  const f = projectFixtures(t);
  const organisationId = await f.organisation('Harbour Builders');
  editor = await f.person({ organisationId, role: 'member' });
  listingId = await f.project('Harbour Views', { organisationId });
  await t.db.insert(projectMembers).values({ projectId: listingId, userId: editor.id });
});
afterAll(() => t.close());

describe('PDF uploads (issue 15 finding 8)', () => {
  it('finding 8: an HTML polyglot that starts with %PDF- is refused', async () => {
    const polyglots: [string, string][] = [
      [
        'a page behind the signature',
        '%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>',
      ],
      // Complete-looking PDF structure around the page: the markup alone refuses it.
      [
        'a page inside a well-formed PDF',
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n<!DOCTYPE html><ScRiPt>alert(1)</ScRiPt>\n' +
          'xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n100\n%%EOF\n',
      ],
      ['an SVG with script', `%PDF-1.7\n<svg onload="alert(1)"/>\ntrailer\n<<>>\nstartxref\n0\n%%EOF\n`],
      ['an iframe', `%PDF-1.7\n<IFRAME src="https://evil.example">\ntrailer\n<<>>\n%%EOF\n`],
    ];
    for (const [label, body] of polyglots) {
      const response = await upload('brochure', body, 'brochure.pdf');
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toMatchObject({
        error: { code: 'UNSUPPORTED_FILE', fields: { file: expect.any(String) } },
      });
    }
    expect(await storedMedia()).toEqual([]);
    expect(existsSync(path.join(t.settings.dataDir, 'uploads', 'listings', String(listingId)))).toBe(false);
  });

  it('refuses a truncated PDF and one with no end-of-file marker or cross-reference', async () => {
    const whole = compressedPdf();
    const cases: [string, Buffer | string][] = [
      ['cut in half', whole.subarray(0, Math.floor(whole.length / 2))],
      ['no %%EOF', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\nstartxref\n9\n'],
      ['no cross-reference or trailer', '%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'],
      ['no version in the header', '%PDF-\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'],
    ];
    for (const [label, body] of cases) {
      const response = await upload('floorplan', body, 'plan.pdf');
      expect(response.status, label).toBe(400);
    }
    expect(await storedMedia()).toEqual([]);
  });

  it('still stores real small PDFs as brochures and floorplans', async () => {
    const brochure = await upload('brochure', demoBrochure, 'Brochure 2026.pdf');
    expect(brochure.status).toBe(201);
    const plan = await upload('floorplan', compressedPdf(), 'Level 3.pdf');
    expect(plan.status).toBe(201);
    const rows = await storedMedia();
    expect(rows.map((row) => [row.kind, row.mimeType, row.sizeBytes])).toEqual(
      expect.arrayContaining([
        ['brochure', 'application/pdf', demoBrochure.length],
        ['floorplan', 'application/pdf', compressedPdf().length],
      ]),
    );
  });
});
