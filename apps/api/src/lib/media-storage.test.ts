import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../env.ts';
import { localMediaStorage, MEDIA_CACHE_CONTROL, s3MediaStorage } from './media-storage.ts';

describe('aws4fetch, the signer s3MediaStorage uses', () => {
  it("matches AWS's published SigV4 example (GET Object with a Range header)", async () => {
    const signer = new AwsV4Signer({
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      method: 'GET',
      headers: {
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      allHeaders: true,
    });
    const { headers } = await signer.sign();
    expect(headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('s3MediaStorage against s3rver (an S3-compatible server on 127.0.0.1)', () => {
  let s3: S3rver;
  let bucketDir: string;
  let port: number;
  const config = (overrides: Partial<Parameters<typeof s3MediaStorage>[0]>) => ({
    bucket: 'media',
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: 'https://cdn.example.test',
    forcePathStyle: true,
    ...overrides,
  });
  /** Where the bucket serves a key path-style, whatever style wrote it. */
  const stored = (key: string) => fetch(`http://127.0.0.1:${port}/media/${key}`);
  /** Every request the storage sends: method, host, path and headers as signed. */
  const sent: { method: string; host: string; path: string; headers: Headers }[] = [];
  /**
   * Sends each signed request to s3rver on 127.0.0.1 with the Host it was signed for, as DNS would for
   * `media.s3.local.test` (no resolver here answers that name).
   */
  const viaLoopback: typeof fetch = async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    sent.push({ method: request.method, host: url.host, path: url.pathname, headers: request.headers });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = { ...Object.fromEntries(request.headers), host: url.host };
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, method: request.method, path: url.pathname, headers },
        (incoming) => {
          incoming.resume();
          incoming.on('end', () => resolve(new Response(null, { status: incoming.statusCode })));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };

  beforeAll(async () => {
    bucketDir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
    // serviceEndpoint: `{bucket}.s3.local.test` is virtual-hosted style for this server.
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      serviceEndpoint: 'local.test',
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    ({ port } = await s3.run());
  });
  afterAll(async () => {
    await s3.close();
    rmSync(bucketDir, { recursive: true, force: true });
  });

  it('path-style: PUTs the object with its type and cache headers, answers its public URL, DELETEs it', async () => {
    const storage = s3MediaStorage(config({}), viaLoopback);
    const url = await storage.put('listings/7/abc-1600.webp', Buffer.from('bytes'), 'image/webp');
    expect(url).toBe('https://cdn.example.test/listings/7/abc-1600.webp');
    const put = sent.at(-1)!;
    expect([put.method, put.host, put.path]).toEqual([
      'PUT',
      `127.0.0.1:${port}`,
      '/media/listings/7/abc-1600.webp',
    ]);
    expect(put.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    // The payload's hash is signed (not UNSIGNED-PAYLOAD).
    expect(put.headers.get('x-amz-content-sha256')).toBe(createHash('sha256').update('bytes').digest('hex'));
    const object = await stored('listings/7/abc-1600.webp');
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
    expect(object.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(await object.text()).toBe('bytes');

    const count = sent.length;
    await storage.remove('/media/demo/1.svg');
    expect(sent).toHaveLength(count);
    await storage.remove(url);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/media/listings/7/abc-1600.webp' });
    expect((await stored('listings/7/abc-1600.webp')).status).toBe(404);
  });

  it('virtual-hosted style: the bucket is in the host name, not the path', async () => {
    const storage = s3MediaStorage(
      config({ endpoint: `http://s3.local.test:${port}`, forcePathStyle: false }),
      viaLoopback,
    );
    const url = await storage.put('listings/8/def.pdf', Buffer.from('%PDF-'), 'application/pdf');
    expect(url).toBe('https://cdn.example.test/listings/8/def.pdf');
    expect(sent.at(-1)).toMatchObject({
      method: 'PUT',
      host: `media.s3.local.test:${port}`,
      path: '/listings/8/def.pdf',
    });
    const object = await stored('listings/8/def.pdf');
    expect([object.status, object.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await storage.remove(url);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', host: `media.s3.local.test:${port}` });
    expect((await stored('listings/8/def.pdf')).status).toBe(404);
  });

  it('a refused PUT is an error; refusing keys that are not server-made', async () => {
    const storage = s3MediaStorage(config({ bucket: 'no-such-bucket' }), viaLoopback);
    await expect(storage.put('listings/9/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /answered 404/,
    );
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});

describe('S3 settings', () => {
  const s3Of = (env: Record<string, string>) =>
    parseSettings({
      NODE_ENV: 'test',
      AUTH_SECRET: 'x'.repeat(64),
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      ...env,
    }).listings.s3;

  it('path-style by default; S3_FORCE_PATH_STYLE=false serves from {bucket}.{endpoint host}', () => {
    expect(s3Of({ S3_ENDPOINT: 'http://minio:9000/' })).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      publicUrl: 'http://minio:9000/media',
    });
    expect(s3Of({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      forcePathStyle: false,
      publicUrl: 'https://media.s3.eu-west-1.amazonaws.com',
    });
    expect(s3Of({ S3_FORCE_PATH_STYLE: 'false', S3_PUBLIC_URL: 'https://cdn.example.test/' })).toMatchObject({
      publicUrl: 'https://cdn.example.test',
    });
    expect(parseSettings({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(64) }).listings.s3).toBeUndefined();
  });
});

describe('localMediaStorage', () => {
  it('writes under DATA_DIR/uploads and refuses keys that leave it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'media-'));
    try {
      const storage = localMediaStorage(dir);
      const url = await storage.put('listings/1/x-800.webp', Buffer.from('hi'), 'image/webp');
      expect(url).toBe('/media/uploads/listings/1/x-800.webp');
      expect(readFileSync(path.join(dir, 'uploads/listings/1/x-800.webp'), 'utf8')).toBe('hi');
      await expect(storage.put('listings/../../etc/passwd', Buffer.from(''), 'text/plain')).rejects.toThrow();
      await expect(storage.put('/etc/passwd', Buffer.from(''), 'text/plain')).rejects.toThrow();
      await storage.remove(url);
      expect(() => readFileSync(path.join(dir, 'uploads/listings/1/x-800.webp'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
