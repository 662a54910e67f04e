import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error.ts';

/** What a backup folder holds besides its files: `manifest.json` (decision 038). */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'offplan-portal-backup';
/** Raised when the folder's layout changes; a restore refuses a format newer than it knows. */
export const BACKUP_FORMAT_VERSION = 1;

/** The files a backup may hold, relative to its folder; nothing else is ever read or written by a restore. */
export const PGLITE_DATABASE_FILE = 'database.tar.gz';
export const POSTGRES_DATABASE_FILE = 'database.dump';
export const AUTH_SECRET_FILE = 'auth-secret';
export const UPLOADS_FOLDER = 'uploads';

const fileEntrySchema = z.object({
  /** Relative to the backup folder, `/`-separated. */
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.infer<typeof fileEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** PGlite: a gzipped tarball of its data folder; PostgreSQL: `pg_dump --format=custom`. */
    file: z.enum([PGLITE_DATABASE_FILE, POSTGRES_DATABASE_FILE]),
    /** `show server_version` of the database backed up. */
    serverVersion: z.string(),
  }),
  /** The latest migration applied to the database backed up; null when it had none. */
  migration: z.object({ tag: z.string().nullable(), createdAt: z.number().int() }).nullable(),
  /**
   * `file`: DATA_DIR's generated secret is in the backup (sessions and signed links still verify after a
   * restore); `setting`: AUTH_SECRET was set, so the restored portal needs the same value; `none`: neither.
   */
  authSecret: z.enum(['file', 'setting', 'none']),
  media: z.object({
    /** Listing media: in the backup's uploads folder, or in the S3 bucket (which the backup does not copy). */
    listingMedia: z.enum(['uploads', 's3']),
    s3Bucket: z.string().optional(),
    note: z.string(),
  }),
  files: z.array(fileEntrySchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The sha256 and size of a file, read as a stream (a database file may be large). */
export async function describeFile(folder: string, relativePath: string): Promise<BackupFile> {
  const file = path.join(folder, ...relativePath.split('/'));
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { path: relativePath, size: (await stat(file)).size, sha256: hash.digest('hex') };
}

/**
 * Only the files a backup is made of, and never a path leading out of its folder: a restore copies what
 * the manifest lists, so a changed manifest must not make it read or write elsewhere.
 */
function assertAllowedPath(relativePath: string, databaseFile: string) {
  const normalised = path.posix.normalize(relativePath);
  const allowed =
    normalised === relativePath &&
    !relativePath.includes('\\') &&
    (relativePath === databaseFile ||
      relativePath === AUTH_SECRET_FILE ||
      (relativePath.startsWith(`${UPLOADS_FOLDER}/`) && !relativePath.split('/').includes('..')));
  if (!allowed) throw new BackupError(`The manifest lists a file a backup cannot hold: ${relativePath}`);
}

/** Reads and checks `manifest.json`: its shape, format version and allowed file paths. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST_FILE}.`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} in ${folder} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${MANIFEST_FILE} in ${folder} is not a portal backup manifest: ${parsed.error.message}`,
    );
  }
  const manifest = parsed.data;
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `The backup's format version ${manifest.formatVersion} is newer than this portal reads (${BACKUP_FORMAT_VERSION}): restore it with the portal version that made it.`,
    );
  }
  for (const file of manifest.files) assertAllowedPath(file.path, manifest.database.file);
  if (!manifest.files.some((file) => file.path === manifest.database.file)) {
    throw new BackupError(`The manifest does not list the database file ${manifest.database.file}.`);
  }
  return manifest;
}

/**
 * Every listed file is there with its size and sha256; throws a BackupError naming each one that is not.
 * A restore runs this before it touches anything.
 */
export async function verifyFiles(folder: string, manifest: BackupManifest) {
  const problems: string[] = [];
  for (const expected of manifest.files) {
    let found: BackupFile;
    try {
      found = await describeFile(folder, expected.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      problems.push(`${expected.path} is missing`);
      continue;
    }
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      problems.push(`${expected.path} does not match its checksum (changed or damaged)`);
    }
  }
  if (problems.length) {
    throw new BackupError(
      `The backup in ${folder} failed verification; nothing was restored:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
}
