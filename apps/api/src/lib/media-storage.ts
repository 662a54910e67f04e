import { createHash, createHmac } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../env.ts';
import { UPLOADS_URL_PREFIX, uploadsDir } from './profile-photo.ts';

/**
 * Where listing media live: the local disk under DATA_DIR (served at /media/uploads/…) or, when the
 * S3_* settings are set, an S3-compatible bucket (AWS S3, MinIO, R2, …) written with a SigV4-signed
 * PUT. Keys are always made by the server (`listings/{projectId}/{random}-{size}.{ext}`); nothing of
 * a client's file name ever reaches a path.
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

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for an S3 request (header-based, no query string). Answers the headers to
 * send, including Authorization. Exported for its test against AWS's published example.
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
}): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalUri = input.url.pathname
    .split('/')
    .map((segment) => encodeSegment(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** S3-compatible object storage (path-style URLs, so MinIO and others work without DNS per bucket). */
export function s3MediaStorage(config: S3Config, fetchImpl: typeof fetch = fetch): MediaStorage {
  const objectUrl = (key: string) => new URL(`${config.endpoint}/${config.bucket}/${key}`);
  const send = async (method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    assertSafeKey(key);
    const url = objectUrl(key);
    const headers = signS3Request({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256Hex(body ?? ''),
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      date: new Date(),
    });
    const response = await fetchImpl(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
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
