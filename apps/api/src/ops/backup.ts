import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent, existsSync, openAsBlob, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { defaultMigrationsFolder } from '../db/migrate.ts';
import type { Settings } from '../env.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { uploadsDir } from '../lib/profile-photo.ts';
import { BackupError } from './backup-error.ts';
import {
  AUTH_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  describeFile,
  MANIFEST_FILE,
  PGLITE_DATABASE_FILE,
  POSTGRES_DATABASE_FILE,
  readManifest,
  UPLOADS_FOLDER,
  verifyFiles,
} from './backup-manifest.ts';
import { DEFAULT_PG_TOOLS, type PgTools, runPgTool } from './pg-tools.ts';

export { BackupError } from './backup-error.ts';
export type { BackupManifest } from './backup-manifest.ts';

/**
 * Backup and restore of one portal (issue 20, decision 038): its database (PGlite's data folder as a
 * tarball taken through the one PGlite instance, or `pg_dump --format=custom` of a server), DATA_DIR's
 * uploads and generated auth secret, and a manifest with every file's size and sha256.
 */

/** What a backup reads of the settings besides the database. */
export type BackupSettings = Pick<Settings, 'dataDir' | 'authSecret' | 'listings'>;

/** Where a restore writes: DATA_DIR, and the PostgreSQL server's direct URL when there is one. */
export type RestoreTarget = { dataDir: string; databaseUrl: string | undefined };

/** The embedded database's folder under DATA_DIR (db/client.ts), and the generated secret (lib/auth-secret.ts). */
const PGDATA_FOLDER = 'pgdata';
const DATA_DIR_AUTH_SECRET = 'auth-secret';

/** `backups/offplan-2026-11-24T17-30-05Z`, relative to where the command runs. */
export function defaultBackupFolder(now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join('backups', `offplan-${stamp}`);
}

type MigrationJournal = { entries: { when: number; tag: string }[] };

function readJournal(migrationsFolder = defaultMigrationsFolder): MigrationJournal {
  return JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as MigrationJournal;
}

type SqlRunner = (statement: string) => Promise<Record<string, unknown>[]>;

const runnerOf =
  (database: Database): SqlRunner =>
  async (statement) =>
    ((await database.db.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The latest applied migration (drizzle's own table), named by this code's journal; null when none. */
async function latestMigration(run: SqlRunner): Promise<BackupManifest['migration']> {
  const [present] = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`);
  if (!present?.present) return null;
  const [row] = await run('select max(created_at) as "createdAt" from drizzle.__drizzle_migrations');
  if (row?.createdAt === null || row?.createdAt === undefined) return null;
  const createdAt = Number(row.createdAt);
  const tag = readJournal().entries.find((entry) => entry.when === createdAt)?.tag ?? null;
  return { tag, createdAt };
}

async function serverVersion(run: SqlRunner) {
  const [row] = await run('show server_version');
  return String(row?.server_version ?? 'unknown');
}

/** Every regular file under `root`, as `/`-separated paths relative to it; none when it does not exist. */
async function filesUnder(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function isEmptyOrMissing(folder: string): Promise<{ empty: boolean; entries: string[] }> {
  try {
    const entries = await readdir(folder);
    return { empty: entries.length === 0, entries };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { empty: true, entries: [] };
    throw error;
  }
}

/** Writes the database's file into the folder: PGlite's data folder as a tarball, or pg_dump's custom format. */
async function dumpDatabase(database: Database, folder: string, tools: PgTools) {
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    // Everything committed is written to the data files first, so the tarball needs no WAL replay. The
    // tarball itself is taken under PGlite's query lock: no statement runs while it is read.
    await pglite.exec('checkpoint');
    const tarball = await pglite.dumpDataDir('gzip');
    await pipeline(
      Readable.fromWeb(tarball.stream() as unknown as NodeReadableStream),
      createWriteStream(path.join(folder, PGLITE_DATABASE_FILE)),
    );
    return PGLITE_DATABASE_FILE;
  }
  // One repeatable-read snapshot of the whole database: consistent while the portal keeps writing.
  await runPgTool('pg_dump', tools.pgDump, database.connectionString!, [
    '--format=custom',
    `--file=${path.join(folder, POSTGRES_DATABASE_FILE)}`,
  ]);
  return POSTGRES_DATABASE_FILE;
}

/** Copies DATA_DIR's uploads and generated auth secret into the folder; answers their relative paths and how the secret is kept. */
async function copyDataDirFiles(settings: BackupSettings, folder: string) {
  const uploads = uploadsDir(settings.dataDir);
  const copied: string[] = [];
  for (const relative of await filesUnder(uploads)) {
    const destination = path.join(folder, UPLOADS_FOLDER, ...relative.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(uploads, ...relative.split('/')), destination);
    copied.push(`${UPLOADS_FOLDER}/${relative}`);
  }
  let authSecret: BackupManifest['authSecret'] = 'setting';
  if (!settings.authSecret) {
    const secretFile = path.resolve(settings.dataDir, DATA_DIR_AUTH_SECRET);
    authSecret = existsSync(secretFile) ? 'file' : 'none';
    if (authSecret === 'file') {
      await copyFile(secretFile, path.join(folder, AUTH_SECRET_FILE));
      await chmod(path.join(folder, AUTH_SECRET_FILE), 0o600);
      copied.push(AUTH_SECRET_FILE);
    }
  }
  return { copied, authSecret };
}

function mediaNote(settings: BackupSettings): BackupManifest['media'] {
  const s3 = settings.listings.s3;
  if (!s3) {
    return {
      listingMedia: 'uploads',
      note: 'Listing media and profile photos are in uploads/ (DATA_DIR/uploads).',
    };
  }
  return {
    listingMedia: 's3',
    s3Bucket: s3.bucket,
    note:
      `Listing media live in the S3 bucket ${s3.bucket} and are not in this backup: the bucket's versioning ` +
      'or replication is their backup. Profile photos are in uploads/ (DATA_DIR/uploads).',
  };
}

/**
 * Writes a backup of an open database and of DATA_DIR's files into `folder` (which must not exist or be
 * empty). It is written into a sibling folder first and renamed into place at the end, so a folder with a
 * manifest is always a complete backup. The database is dumped before the uploads are copied: a media row
 * is written after its file, so every file the dump refers to is copied (decision 038).
 */
export async function writeBackup(
  database: Database,
  settings: BackupSettings,
  folder: string,
  tools: PgTools = DEFAULT_PG_TOOLS,
): Promise<{ folder: string; manifest: BackupManifest }> {
  const target = path.resolve(folder);
  const existing = await isEmptyOrMissing(target);
  if (!existing.empty) throw new BackupError(`The backup folder ${target} exists and is not empty.`);
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(partial);
  try {
    const run = runnerOf(database);
    const migration = await latestMigration(run);
    const version = await serverVersion(run);
    const databaseFile = await dumpDatabase(database, partial, tools);
    const { copied, authSecret } = await copyDataDirFiles(settings, partial);
    const files = [];
    for (const relative of [databaseFile, ...copied]) files.push(await describeFile(partial, relative));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: database.kind, file: databaseFile, serverVersion: version },
      migration,
      authSecret,
      media: mediaNote(settings),
      files,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(target)) await rm(target, { recursive: true });
    await rename(partial, target);
    return { folder: target, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `npm run backup`: opens the database the server's settings name and backs it up. The embedded database
 * is opened like the server opens it, taking DATA_DIR's lock: while the portal runs on it the backup is
 * refused (one process per DATA_DIR; stop the server, back up, start it again). A server database is
 * dumped alongside running processes.
 */
export async function backupWithSettings(
  settings: Settings,
  folder: string,
  tools: PgTools = DEFAULT_PG_TOOLS,
) {
  if (!settings.databaseUrl && !existsSync(path.resolve(settings.dataDir, PGDATA_FOLDER, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in DATA_DIR ${path.resolve(settings.dataDir)} (no ${PGDATA_FOLDER}/). ` +
        'Set DATA_DIR (or DATABASE_URL) as the server has it.',
    );
  }
  let database: Database;
  try {
    // Straight to the server, past any transaction pooler: pg_dump needs a session of its own.
    database = await openDatabase({
      databaseUrl: restoreTargetOf(settings).databaseUrl,
      dataDir: settings.dataDir,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      settings.databaseUrl
        ? `Could not connect to the database: ${reason}`
        : `Could not open the embedded database for a backup: ${reason}\n` +
            'The embedded database is backed up with the portal stopped: stop the server, run the backup, start it again.',
    );
  }
  try {
    return await writeBackup(database, settings, folder, tools);
  } finally {
    await database.close();
  }
}

/**
 * Reads and verifies a backup before anything is touched: manifest, every file's checksum, and a migration
 * this code knows (a backup made by a newer portal may hold tables this one would misread).
 */
export async function verifyBackup(folder: string): Promise<BackupManifest> {
  const source = path.resolve(folder);
  const manifest = await readManifest(source);
  await verifyFiles(source, manifest);
  const latestKnown = Math.max(...readJournal().entries.map((entry) => entry.when));
  if (manifest.migration && manifest.migration.createdAt > latestKnown) {
    const latestTag = readJournal().entries.find((entry) => entry.when === latestKnown)?.tag;
    throw new BackupError(
      `The backup's database is at migration ${manifest.migration.tag ?? manifest.migration.createdAt}, newer than ` +
        `this portal's latest (${latestTag}): restore it with the portal version that made it, or a newer one.`,
    );
  }
  return manifest;
}

/** Files a restore writes into DATA_DIR: the uploads and the generated auth secret, as listed. */
async function restoreDataDirFiles(folder: string, manifest: BackupManifest, dataDir: string) {
  for (const file of manifest.files) {
    if (file.path === manifest.database.file) continue;
    const destination =
      file.path === AUTH_SECRET_FILE
        ? path.resolve(dataDir, DATA_DIR_AUTH_SECRET)
        : path.join(uploadsDir(dataDir), ...file.path.slice(UPLOADS_FOLDER.length + 1).split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(folder, ...file.path.split('/')), destination);
    if (file.path === AUTH_SECRET_FILE) await chmod(destination, 0o600);
  }
}

async function assertMigrationRestored(run: SqlRunner, manifest: BackupManifest) {
  const restored = await latestMigration(run);
  if (restored?.createdAt !== manifest.migration?.createdAt) {
    throw new BackupError(
      `The restored database is at migration ${restored?.tag ?? 'none'}, the manifest says ${manifest.migration?.tag ?? 'none'}.`,
    );
  }
}

/**
 * The embedded database: DATA_DIR must be empty or missing. Its lock is held throughout (no server may
 * start on it meanwhile); PGlite unpacks the tarball into DATA_DIR/pgdata. On failure what was written is
 * removed, leaving DATA_DIR as empty as it was.
 */
async function restoreIntoPglite(folder: string, manifest: BackupManifest, dataDir: string) {
  const directory = path.resolve(dataDir);
  const before = await isEmptyOrMissing(directory);
  if (!before.empty) {
    throw new BackupError(
      `DATA_DIR ${directory} is not empty (${before.entries.slice(0, 5).join(', ')}): a restore writes only into an ` +
        'empty or new data folder. Move it aside or choose another DATA_DIR.',
    );
  }
  const existed = existsSync(directory);
  await mkdir(directory, { recursive: true });
  const lock = await lockDataDir(directory);
  let failed = true;
  try {
    const pgdata = path.join(directory, PGDATA_FOLDER);
    await mkdir(pgdata);
    const pglite = await PGlite.create(pgdata, {
      extensions: { pg_trgm },
      loadDataDir: await openAsBlob(path.join(folder, manifest.database.file)),
    });
    try {
      await assertMigrationRestored(
        async (statement) => (await pglite.query(statement)).rows as never,
        manifest,
      );
    } finally {
      await pglite.close();
    }
    await restoreDataDirFiles(folder, manifest, directory);
    failed = false;
  } finally {
    lock.release();
    if (failed) {
      if (existed)
        for (const entry of await readdir(directory))
          await rm(path.join(directory, entry), { recursive: true });
      else await rm(directory, { recursive: true, force: true });
    }
  }
}

/** Tables (and the schemas the dump creates) already in the database: a restore needs none. */
async function occupiedBy(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'f')
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
    union all
    select nspname || ' (schema)' from pg_namespace where nspname in ('drizzle', 'pgboss')
    order by 1 limit 6`);
  return rows.map((row) => row.name);
}

/**
 * A server database: it must have no tables (nor the dump's schemas), and DATA_DIR no uploads or secret
 * file the backup would overwrite. pg_restore runs in one transaction and stops at the first error, so a
 * failed restore leaves the database empty.
 */
async function restoreIntoPostgres(
  folder: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  tools: PgTools,
) {
  const connectionString = target.databaseUrl!;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const occupied = await occupiedBy(client);
    if (occupied.length) {
      throw new BackupError(
        `The database is not empty (${occupied.join(', ')}): a restore writes only into an empty database. ` +
          'Create a new one (createdb) and point DATABASE_URL at it.',
      );
    }
    const hasUploads = manifest.files.some((file) => file.path.startsWith(`${UPLOADS_FOLDER}/`));
    if (hasUploads && !(await isEmptyOrMissing(uploadsDir(target.dataDir))).empty) {
      throw new BackupError(
        `${uploadsDir(target.dataDir)} is not empty: a restore writes uploads only into an empty folder.`,
      );
    }
    const secretFile = path.resolve(target.dataDir, DATA_DIR_AUTH_SECRET);
    if (manifest.authSecret === 'file' && existsSync(secretFile)) {
      throw new BackupError(`${secretFile} exists: a restore does not replace a data folder's auth secret.`);
    }
    await runPgTool('pg_restore', tools.pgRestore, connectionString, [
      '--single-transaction',
      '--exit-on-error',
      // Objects belong to the restoring user, and grants to roles of the old server are left out: the
      // target server need not have the same roles.
      '--no-owner',
      '--no-acl',
      // The only comment in the dump is pg_trgm's own description, which only the extension's owner may
      // set: in a database where an administrator already created pg_trgm it would fail the restore.
      '--no-comments',
      path.join(folder, manifest.database.file),
    ]);
    await assertMigrationRestored(async (statement) => (await client.query(statement)).rows, manifest);
  } finally {
    await client.end();
  }
  await restoreDataDirFiles(folder, manifest, target.dataDir);
}

/**
 * Restores a verified backup into an empty target: the embedded database into an empty DATA_DIR, or a
 * server database's dump into an empty database named by `databaseUrl`. It migrates nothing: the server
 * migrates at start as always, so a restored old backup can also be run by the old code (decision 038).
 */
export async function restoreBackup(
  folder: string,
  target: RestoreTarget,
  tools: PgTools = DEFAULT_PG_TOOLS,
): Promise<BackupManifest> {
  const source = path.resolve(folder);
  const manifest = await verifyBackup(source);
  const targetKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This is a backup of the embedded database: restore it with DATABASE_URL unset, into an empty DATA_DIR.'
        : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  }
  if (targetKind === 'pglite') await restoreIntoPglite(source, manifest, target.dataDir);
  else await restoreIntoPostgres(source, manifest, target, tools);
  return manifest;
}

/** `npm run restore`: the target the server's settings name (the direct server URL behind a pooler). */
export function restoreTargetOf(settings: Settings): RestoreTarget {
  return { dataDir: settings.dataDir, databaseUrl: settings.directDatabaseUrl ?? settings.databaseUrl };
}
