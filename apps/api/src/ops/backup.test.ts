import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Listing, leadPageSchema } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '../compose.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { projectMembers } from '../db/schema/index.ts';
import { parseSettings } from '../env.ts';
import { enquiryFixtures } from '../modules/enquiries/enquiry.fixtures.ts';
import { sessionOf, signIn } from '../test/sessions.ts';
import { createFreshPostgresDatabase, createTestApp, TEST_BASE_URL, type TestApp } from '../test/test-app.ts';
import {
  BackupError,
  type BackupManifest,
  backupWithSettings,
  type RestoreTarget,
  restoreBackup,
  writeBackup,
} from './backup.ts';

/**
 * Issue 20 item 4 (decision 038): a portal with data is backed up, restored into an empty target and run
 * again; the same people sign in and find the same projects, leads and media. On PGlite (api-pglite) and
 * on PostgreSQL (api-postgres, pg_dump/pg_restore).
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: { tag: string; when: number }[] };
const latestTag = journal.entries.at(-1)!.tag;

let t: TestApp;
let scratch: string;
let backupFolder: string;
let manifest: BackupManifest;
let developer: { id: string; email: string; cookie: string };
let listingId: number;
let buyerEmail: string;
let image: { url: string; bytes: Buffer };
/** Databases made for restores, dropped at the end (PostgreSQL). */
const scratchDatabases: { drop(): Promise<void> }[] = [];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'offplan-backup-'));
  // No AUTH_SECRET: the portal generates one and keeps it in DATA_DIR, which the backup must carry.
  t = await createTestApp({ AUTH_SECRET: '' });
  const f = enquiryFixtures(t);
  const listing = await f.listing({ title: 'Backup Wharf' });
  listingId = listing.id;
  developer = await f.person({ organisationId: listing.organisationId, role: 'owner' });
  await t.db.insert(projectMembers).values({ projectId: listingId, userId: developer.id });

  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a5aa0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('kind', 'image');
  form.set('file', new Blob([Uint8Array.from(png)], { type: 'image/png' }), 'front.png');
  const uploaded = await t.request(`/api/listings/${listingId}/media`, {
    method: 'POST',
    cookie: developer.cookie,
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { media } = (await uploaded.json()) as { media: { url: string } };
  image = { url: media.url, bytes: Buffer.from(await (await t.request(media.url)).arrayBuffer()) };
  expect(image.bytes.length).toBeGreaterThan(0);

  const enquiry = f.enquiry();
  buyerEmail = enquiry.email;
  expect((await f.send(listingId, enquiry)).status).toBe(201);

  ({ folder: backupFolder, manifest } = await writeBackup(
    t.database,
    t.settings,
    path.join(scratch, 'backup'),
  ));
});

afterAll(async () => {
  await t?.close();
  for (const database of scratchDatabases) await database.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** An empty place to restore into: a new data folder, and on PostgreSQL a new empty database. */
async function emptyTarget(name: string): Promise<RestoreTarget> {
  const dataDir = path.join(scratch, name);
  if (!onPostgres) return { dataDir, databaseUrl: undefined };
  const fresh = await createFreshPostgresDatabase();
  scratchDatabases.push(fresh);
  return { dataDir, databaseUrl: fresh.url };
}

/** A portal composed on the restored data as the server composes it: migrated at start, secret from DATA_DIR. */
async function openPortal(target: RestoreTarget) {
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    BASE_URL: TEST_BASE_URL,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
  });
  const database = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  await migrateDatabase(database);
  const { app, close } = await composeApp(settings, database, { serveWeb: false });
  let requests = 0;
  const request = (pathname: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_BASE_URL);
    headers.set('x-forwarded-for', `203.0.113.${++requests % 250}`);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return app.request(pathname, {
      ...init,
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
  };
  return {
    request,
    db: database.db,
    close: async () => {
      await close({ graceful: false, timeout: 1000 });
      await database.close();
    },
  };
}

/** Tables on a PostgreSQL database outside the system schemas (0: empty). */
async function tableCount(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

/** What a target holds: its data folder's files and, on PostgreSQL, its number of tables. */
async function contentsOf(target: RestoreTarget) {
  const files = existsSync(target.dataDir) ? readdirSync(target.dataDir, { recursive: true }).sort() : null;
  return { files, tables: target.databaseUrl ? await tableCount(target.databaseUrl) : null };
}

describe('npm run backup (writeBackup)', () => {
  it('writes a manifest with the database kind, its migration and every file with its size and sha256', () => {
    expect(manifest).toMatchObject({
      format: 'offplan-portal-backup',
      formatVersion: 1,
      database: {
        kind: t.database.kind,
        file: onPostgres ? 'database.dump' : 'database.tar.gz',
      },
      migration: { tag: latestTag, createdAt: journal.entries.at(-1)!.when },
      authSecret: 'file',
      media: { listingMedia: 'uploads' },
    });
    const imageFile = `uploads/${image.url.slice('/media/uploads/'.length)}`;
    const listed = new Map(manifest.files.map((file) => [file.path, file]));
    expect(listed.get(imageFile)).toEqual({
      path: imageFile,
      size: image.bytes.length,
      sha256: sha256(image.bytes),
    });
    const secret = readFileSync(path.join(t.settings.dataDir, 'auth-secret'));
    expect(listed.get('auth-secret')).toMatchObject({ sha256: sha256(secret) });
    for (const file of manifest.files) {
      expect(sha256(readFileSync(path.join(backupFolder, file.path))), file.path).toBe(file.sha256);
    }
    // Written aside and renamed into place: no partial folder is left.
    expect(readdirSync(scratch).filter((name) => name.includes('.partial-'))).toEqual([]);
  });
});

describe('npm run restore (restoreBackup)', () => {
  it('restores into an empty target: the same password signs in, old sessions verify, same project, lead and media bytes', async () => {
    const target = await emptyTarget('restored');
    const restored = await restoreBackup(backupFolder, target);
    expect(restored.migration?.tag).toBe(latestTag);
    const portal = await openPortal(target);
    try {
      const { cookie } = await signIn(portal, developer.email);
      // The session made before the backup still verifies: the same secret signs its cookie.
      expect((await sessionOf(portal, developer.cookie))?.user.email).toBe(developer.email);

      const listingResponse = await portal.request(`/api/listings/${listingId}`, { cookie });
      expect(listingResponse.status).toBe(200);
      const { listing } = (await listingResponse.json()) as { listing: Listing };
      expect(listing.title).toBe('Backup Wharf');
      expect(listing.images.map((media) => media.url)).toEqual([image.url]);

      const media = await portal.request(image.url);
      expect(media.status).toBe(200);
      expect(Buffer.from(await media.arrayBuffer()).equals(image.bytes)).toBe(true);

      const leadsResponse = await portal.request('/api/leads', { cookie });
      expect(leadsResponse.status).toBe(200);
      const leads = leadPageSchema.parse(await leadsResponse.json());
      expect(leads.items.map((lead) => [lead.email, lead.projectId])).toEqual([[buyerEmail, listingId]]);
    } finally {
      await portal.close();
    }
  });

  it('refuses a target that is not empty and changes nothing in it', async () => {
    let target: RestoreTarget;
    if (onPostgres) {
      // The backed-up database itself: it has tables.
      target = { dataDir: path.join(scratch, 'occupied-pg'), databaseUrl: t.database.connectionString };
    } else {
      target = { dataDir: path.join(scratch, 'occupied'), databaseUrl: undefined };
      mkdirSync(target.dataDir);
      writeFileSync(path.join(target.dataDir, 'notes.txt'), 'keep me');
    }
    const leadsBefore = await t.db.execute(sql`select count(*)::int as count from leads`);
    const before = await contentsOf(target);
    const refusal = restoreBackup(backupFolder, target);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(onPostgres ? /database is not empty/ : /DATA_DIR .* is not empty/);
    expect(await contentsOf(target)).toEqual(before);
    expect(await t.db.execute(sql`select count(*)::int as count from leads`)).toMatchObject({
      rows: (leadsBefore as unknown as { rows: unknown[] }).rows,
    });
    if (!onPostgres) expect(readFileSync(path.join(target.dataDir, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('refuses a tampered backup by its checksums before touching the empty target', async () => {
    const tampered = path.join(scratch, 'tampered');
    cpSync(backupFolder, tampered, { recursive: true });
    const imageFile = path.join(tampered, 'uploads', ...image.url.slice('/media/uploads/'.length).split('/'));
    const bytes = readFileSync(imageFile);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(imageFile, bytes);

    const target = await emptyTarget('after-tampered');
    const before = await contentsOf(target);
    await expect(restoreBackup(tampered, target)).rejects.toThrow(/does not match its checksum/);
    expect(await contentsOf(target)).toEqual(before);
    expect(before).toEqual({ files: null, tables: onPostgres ? 0 : null });
  });

  it('refuses a backup from a newer migration than this code knows', async () => {
    const newer = path.join(scratch, 'newer');
    cpSync(backupFolder, newer, { recursive: true });
    const changed = { ...manifest, migration: { tag: '9999_future', createdAt: Date.now() * 2 } };
    writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(changed));
    const target = { dataDir: path.join(scratch, 'after-newer'), databaseUrl: 'postgres://unused/none' };
    await expect(restoreBackup(newer, target)).rejects.toThrow(
      /9999_future, newer than this portal's latest/,
    );
    expect(existsSync(target.dataDir)).toBe(false);
  });
});

describe('backupWithSettings (what npm run backup runs on the server settings)', () => {
  it.runIf(!onPostgres)(
    'refuses the embedded database while a portal holds DATA_DIR, and backs it up once it is stopped',
    async () => {
      const target = await emptyTarget('served');
      await restoreBackup(backupFolder, target);
      const settings = parseSettings({ DATA_DIR: target.dataDir, LOG_LEVEL: 'silent' });
      const portal = await openPortal(target);
      try {
        const refused = backupWithSettings(settings, path.join(scratch, 'while-served'));
        await expect(refused).rejects.toBeInstanceOf(BackupError);
        await expect(refused).rejects.toThrow(/backed up with the portal stopped/);
        expect(existsSync(path.join(scratch, 'while-served'))).toBe(false);
      } finally {
        await portal.close();
      }
      const { manifest: again } = await backupWithSettings(settings, path.join(scratch, 'stopped'));
      expect(again.migration?.tag).toBe(latestTag);
      expect(again.files.map((file) => file.path).sort()).toEqual(
        manifest.files.map((file) => file.path).sort(),
      );
    },
  );

  it.runIf(onPostgres)(
    'dumps a server database while it serves, and names the package when pg_dump is missing',
    async () => {
      const settings = parseSettings({
        DATA_DIR: t.settings.dataDir,
        DATABASE_URL: t.database.connectionString,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
      });
      const { manifest: again } = await backupWithSettings(settings, path.join(scratch, 'server'));
      expect(again).toMatchObject({ database: { kind: 'postgres' }, authSecret: 'setting' });
      expect(again.files.map((file) => file.path)).not.toContain('auth-secret');

      const missing = backupWithSettings(settings, path.join(scratch, 'no-pg-dump'), {
        pgDump: path.join(scratch, 'no-such-pg_dump'),
        pgRestore: 'pg_restore',
      });
      await expect(missing).rejects.toThrow(/pg_dump was not found .*apt-get install postgresql-client/);
      expect(readdirSync(scratch).filter((name) => name.startsWith('no-pg-dump'))).toEqual([]);
    },
  );
});
