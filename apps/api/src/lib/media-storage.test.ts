import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localMediaStorage, s3MediaStorage, signS3Request } from './media-storage.ts';

describe('signS3Request', () => {
  it("matches AWS's published SigV4 example (GET Object with a Range header)", () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('s3MediaStorage', () => {
  const received: { method: string; url: string; auth: string; type: string; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        auth: String(req.headers.authorization),
        type: String(req.headers['content-type']),
        body: Buffer.concat(chunks),
      });
      res.statusCode = 200;
      res.end();
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('PUTs a signed object to the bucket and answers its public URL, then DELETEs it', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const storage = s3MediaStorage({
      bucket: 'media',
      region: 'ap-southeast-2',
      endpoint,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.test',
    });
    const url = await storage.put('listings/7/abc-1600.webp', Buffer.from('bytes'), 'image/webp');
    expect(url).toBe('https://cdn.example.test/listings/7/abc-1600.webp');
    expect(received[0]).toMatchObject({
      method: 'PUT',
      url: '/media/listings/7/abc-1600.webp',
      type: 'image/webp',
    });
    expect(received[0]!.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(received[0]!.body.toString()).toBe('bytes');
    await storage.remove(url);
    expect(received[1]).toMatchObject({ method: 'DELETE', url: '/media/listings/7/abc-1600.webp' });
    await storage.remove('/media/demo/1.svg');
    expect(received).toHaveLength(2);
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
