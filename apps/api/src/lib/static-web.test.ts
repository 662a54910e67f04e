import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEncoding, mountStaticWeb } from './static-web.ts';

// A tiny build: index.html and one hashed script over 1 KiB (with the .br/.gz siblings the build
// writes), a small stylesheet without siblings, a favicon, demo media, and a secret beside dist.
const folder = mkdtempSync(path.join(tmpdir(), 'offplan-static-web-'));
const dist = path.join(folder, 'dist');
const assets = path.join(folder, 'assets');
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div><!-- ${'index padding '.repeat(100)}--></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('script padding '.repeat(100))});`;
const SECRET = 'the secret beside dist';

mkdirSync(path.join(dist, 'assets'), { recursive: true });
mkdirSync(path.join(assets, 'demo'), { recursive: true });
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
writeFileSync(path.join(dist, 'assets/app-abc123.js'), SCRIPT);
writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(path.join(dist, 'assets/small-def456.css'), 'body{margin:0}');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(assets, 'demo/1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(folder, 'secret.txt'), SECRET);
writeFileSync(path.join(assets, 'secret.txt'), SECRET);

const app = new Hono();
mountStaticWeb(app, { webDistDir: dist, assetsDir: assets });

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  app.request(url, acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } });

/** The body as the client sees it once it undoes the Content-Encoding. */
async function decodedText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  expect(encoding).toBeNull();
  return bytes.toString();
}

describe('HTML answers', () => {
  it.each(['/', '/index.html', '/dashboard/anything?x=1'])(
    '%s is index.html with Cache-Control: no-cache',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await decodedText(response)).toBe(INDEX_HTML);
    },
  );

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.9', 'gzip'],
    ['identity', null],
  ])(
    'index.html, also as the fallback, is sent compressed by Accept-Encoding %j, with Vary',
    async (accept, expected) => {
      for (const url of ['/', '/projects/42']) {
        const response = await get(url, accept);
        expect(response.headers.get('content-encoding'), url).toBe(expected);
        expect(response.headers.get('vary'), url).toBe('Accept-Encoding');
        expect(response.headers.get('cache-control'), url).toBe('no-cache');
        expect(await decodedText(response), url).toBe(INDEX_HTML);
      }
    },
  );

  it('answers HEAD for a client route without a body', async () => {
    const response = await app.request('/dashboard', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe('');
  });
});

describe('permanent redirects of spec §2 (decision 016)', () => {
  it.each([
    ['/login-2', '/login'],
    ['/login-3', '/login'],
    ['/sidebars', '/dashboard'],
    ['/login-2?redirect=%2Fprojects', '/login?redirect=%2Fprojects'],
  ])('%s answers 301 to %s', async (url, location) => {
    const response = await get(url);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });
});

describe('misses of anything that names a file', () => {
  it.each([
    '/assets/nope.js',
    '/assets/',
    '/assets/sub/route-like',
    '/favicon.ico',
    '/robots.txt',
    '/media/demo/x',
    '/media/demo/missing.svg',
    '/media/other',
  ])('%s answers a plain 404, not the web app', async (url) => {
    const response = await get(url, 'br, gzip');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it('leaves /api paths to the API', async () => {
    const response = await get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });
});

describe('files of the build', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])(
    'a hashed script asked with Accept-Encoding %j is sent as %j, typed JavaScript, with Vary and a year of cache',
    async (accept, expected) => {
      const response = await get('/assets/app-abc123.js', accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(expected);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await decodedText(response)).toBe(SCRIPT);
    },
  );

  it('answers HEAD for a compressed script with the length of what GET would send', async () => {
    const response = await app.request('/assets/app-abc123.js', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(Number(response.headers.get('content-length'))).toBe(brotliCompressSync(SCRIPT).length);
  });

  it('sends a file without compressed siblings as it is, without Vary', async () => {
    const response = await get('/assets/small-def456.css', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(await response.text()).toBe('body{margin:0}');
  });

  it('serves files at the root of the build for an hour, not for a year', async () => {
    const response = await get('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves demo media from the assets folder', async () => {
    const response = await get('/media/demo/1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

describe('paths never leave the served folders', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '//secret.txt',
    '/media/demo/..%2f..%2fsecret.txt',
    '/media/demo/%2e%2e/secret.txt',
    '/media/demo/%2e%2e/%2e%2e/secret.txt',
  ])('%s answers 404 without the file', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('sends a client route with an encoded slash to the web app, not to a file', async () => {
    const response = await get('/..%2f..%2fsecret');
    expect(response.status).toBe(200);
    expect(await decodedText(response)).toBe(INDEX_HTML);
  });
});

describe('chooseEncoding', () => {
  it('prefers the higher q-value, then br; refuses q=0; * stands for the rest', () => {
    expect(chooseEncoding('gzip;q=1.0, br;q=0.9', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('br;q=0', ['br', 'gzip'])).toBeUndefined();
    expect(chooseEncoding('BR;Q=0.5, *;q=0.1', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
    expect(chooseEncoding('', ['br', 'gzip'])).toBeUndefined();
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
  });
});
