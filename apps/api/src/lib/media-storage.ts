import { createHash } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Settings } from '../env.ts';
import { UPLOADS_URL_PREFIX, uploadsDir } from './profile-photo.ts';

/**
 * Where listing media live: the local disk under DATA_DIR (served at /media/uploads/…) or, when the
 * S3_* settings are set, an S3-compatible bucket (AWS S3, MinIO, R2, …) written through aws4fetch
 * (SigV4-signed PUT and DELETE). Keys are always made by the server
 * (`listings/{projectId}/{random}-{size}.{ext}`); nothing of a client's file name ever reaches a path.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key; answers the URL browsers load it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes what `put` stored at this URL; other URLs (demo media) are left alone. */
  remove(url: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key ${key}`);
}

export function localMediaStorage(dataDir: string): MediaStorage {
  const root = uploadsDir(dataDir);
  const resolveKey = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(`${root}${path.sep}`))
      throw new Error(`media key outside the uploads folder: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolveKey(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${UPLOADS_URL_PREFIX}listings/`)) return;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      if (!SAFE_KEY.test(key) || key.includes('..')) return;
      await unlink(resolveKey(key)).catch(() => {});
    },
  };
}

type S3Config = NonNullable<Settings['listings']['s3']>;

/** Keys are random and never reused, so a stored object never changes: browsers and CDNs keep it a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * S3-compatible object storage, each request signed (SigV4) by aws4fetch. Path-style by default
 * (`{endpoint}/{bucket}/{key}`: MinIO and others work without DNS per bucket); virtual-hosted
 * (`{bucket}.{endpoint host}/{key}`) when `forcePathStyle` is false, as AWS prefers.
 */
export function s3MediaStorage(config: S3Config, fetchImpl: typeof fetch = fetch): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const endpoint = new URL(config.endpoint);
  const objectUrl = (key: string) =>
    config.forcePathStyle
      ? `${config.endpoint}/${config.bucket}/${key}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${key}`;
  const send = async (method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    assertSafeKey(key);
    const headers: Record<string, string> = {
      // The payload's own hash is signed, so the bucket refuses bytes changed on the way.
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    if (body) headers['cache-control'] = MEDIA_CACHE_CONTROL;
    const request = await client.sign(objectUrl(key), {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      // Content-Type and Cache-Control are signed too (aws4fetch leaves some headers out by default).
      aws: { allHeaders: true },
    });
    const response = await fetchImpl(request, { signal: AbortSignal.timeout(30_000) });
    await response.body?.cancel();
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`object storage ${method} ${key} answered ${response.status}`);
    }
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await send('PUT', key, body, contentType);
      return `${config.publicUrl}/${key}`;
    },
    async remove(url) {
      const prefix = `${config.publicUrl}/`;
      if (!url.startsWith(`${prefix}listings/`)) return;
      await send('DELETE', url.slice(prefix.length)).catch(() => {});
    },
  };
}

/** The configured backend: S3 when the S3_* settings are set, else the local disk under DATA_DIR. */
export function mediaStorageFor(settings: Pick<Settings, 'dataDir' | 'listings'>): MediaStorage {
  return settings.listings.s3 ? s3MediaStorage(settings.listings.s3) : localMediaStorage(settings.dataDir);
}
