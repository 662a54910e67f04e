import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/**
 * Issue 22 part 1: listing media through S3 (aws4fetch) against a real S3-compatible server, s3rver
 * (a dev dependency), started here on 127.0.0.1 with its own bucket folder. Upload → the public URL
 * serves the bytes with their type and cache headers → delete → the object is gone.
 */
let s3: S3rver;
let bucketDir: string;
let endpoint: string;
let t: TestApp;
let editor: { id: string; email: string; cookie: string };
let listingId: number;

const demoBrochure = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/demo/brochure.pdf'),
);

function upload(kind: string, bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([Uint8Array.from(bytes)], { type }), name);
  return t.request(`/api/listings/${listingId}/media`, { method: 'POST', cookie: editor.cookie, body: form });
}

beforeAll(async () => {
  bucketDir = mkdtempSync(path.join(tmpdir(), 'offplan-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: 'listing-media', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_BUCKET: 'listing-media',
    S3_REGION: 'eu-west-1',
    S3_ENDPOINT: endpoint,
    // s3rver's built-in account.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const f = projectFixtures(t);
  const organisationId = await f.organisation('Harbour Builders');
  editor = await f.person({ organisationId, role: 'member' });
  listingId = await f.project('Harbour Views', { organisationId });
  await t.db.insert(projectMembers).values({ projectId: listingId, userId: editor.id });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(bucketDir, { recursive: true, force: true });
});

describe('listing media in an S3 bucket (issue 22 part 1)', () => {
  it('a brochure is PUT into the bucket, served from its public URL, and deleted with the media', async () => {
    const response = await upload('brochure', demoBrochure, 'application/pdf', 'Brochure.pdf');
    expect(response.status).toBe(201);
    const { media } = (await response.json()) as { media: { id: number; url: string } };
    expect(media.url).toMatch(
      new RegExp(`^${endpoint}/listing-media/listings/${listingId}/[0-9a-f]{18}\\.pdf$`),
    );

    const served = await fetch(media.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(demoBrochure)).toBe(true);

    const removed = await t.request(`/api/listings/${listingId}/media/${media.id}`, {
      method: 'DELETE',
      cookie: editor.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await fetch(media.url)).status).toBe(404);
  });

  it('an image is stored in both web sizes as WebP; deleting it removes both objects', async () => {
    const png = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#285aa0' } })
      .png()
      .toBuffer();
    const response = await upload('image', png, 'image/png', 'front.png');
    expect(response.status).toBe(201);
    const { media } = (await response.json()) as { media: { id: number; url: string; thumbnailUrl: string } };
    expect(media.url).not.toBe(media.thumbnailUrl);
    for (const [url, width] of [
      [media.url, 1600],
      [media.thumbnailUrl, 800],
    ] as const) {
      expect(url.startsWith(`${endpoint}/listing-media/listings/${listingId}/`)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }

    const removed = await t.request(`/api/listings/${listingId}/media/${media.id}`, {
      method: 'DELETE',
      cookie: editor.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await fetch(media.url)).status).toBe(404);
    expect((await fetch(media.thumbnailUrl)).status).toBe(404);
  });
});
