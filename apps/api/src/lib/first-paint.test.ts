import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, organization, projectMembers, projects } from '../db/schema/index.ts';
import { signIn } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FIRST_PAINT_ENTRY, FIRST_PAINT_LIMIT_MS } from './first-paint.ts';

// Decision 050: a signed-in landing page comes drawn by the web app's server build. Through the whole
// app, on a real database, with a tiny web build (index.html, page-modules.json) and a server build
// whose render writes what it was given, so the test sees which answers reached it.
const folder = mkdtempSync(path.join(tmpdir(), 'offplan-first-paint-'));
mkdirSync(path.join(folder, 'dist'), { recursive: true });
mkdirSync(path.join(folder, 'dist-server'), { recursive: true });
writeFileSync(
  path.join(folder, 'dist/index.html'),
  '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/app.js"></script></head>' +
    `<body><div id="root"></div><!-- ${'padding '.repeat(200)}--></body></html>`,
);
const PAINT_STYLES = ['/assets/_main-c3.css', '/assets/project-card-d4.css'];
const LOGIN_PAINT_STYLES = ['/assets/_auth-e5.css'];
writeFileSync(
  path.join(folder, 'dist/page-modules.json'),
  JSON.stringify({
    '/dashboard': { scripts: ['/assets/dashboard-b2.js'], styles: [], paintStyles: PAINT_STYLES },
    '/login': { scripts: [], styles: [], paintStyles: LOGIN_PAINT_STYLES, paintFor: 'visitors' },
  }),
);
// The render: `?render=fails` throws, `?render=hangs` never ends, `?render=declines` draws nothing. A
// visitor's page (no session) shows how many renders this process has made, and whether the site is
// in maintenance (a setting the page is drawn from).
writeFileSync(
  path.join(folder, 'dist-server', FIRST_PAINT_ENTRY),
  `let renders = 0;
  export async function renderFirstPaint(pagePath, answers) {
    renders += 1;
    const render = new URL(pagePath, 'http://x').searchParams.get('render');
    if (render === 'fails') throw new Error('the render failed');
    if (render === 'hangs') return new Promise(() => {});
    if (render === 'declines') return undefined;
    const site = answers['/api/site'];
    if (!answers['/api/auth/get-session'])
      return '<main data-painted="' + pagePath + '">visitor | ' + site.siteName + ' | maintenance ' +
        site.maintenanceMode + ' | render ' + renders + '</main>';
    const projects = (answers['/api/user-projects']?.output.projects ?? []).map((project) => project.title);
    return '<main data-painted="' + pagePath + '">' + answers['/api/site'].siteName + ' | ' +
      answers['/api/auth/get-session'].user.email + ' | ' + projects.join(', ') + '</main>';
  }\n`,
);

let t: TestApp;
let developer: { id: string; email: string };
let colleague: { id: string; email: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp(
    { TENANT_HOSTS: 'ibn.localhost=ibn' },
    { web: { webDistDir: path.join(folder, 'dist'), serverBuildDir: path.join(folder, 'dist-server') } },
  );
  developer = await t.createUser({ email: 'developer@example.test' });
  colleague = await t.createUser({ email: 'colleague@example.test' });
  admin = await t.createUser({ email: 'admin@example.test', role: 'admin' });
  // The developer and the colleague each own an organisation; only the developer's has a project.
  for (const owner of [developer, colleague]) {
    const organisationId = `org-of-${owner.id}`;
    await t.db
      .insert(organization)
      .values({ id: organisationId, name: owner.email, slug: organisationId, createdAt: new Date() });
    await t.db.insert(member).values({
      id: `member-${owner.id}`,
      organizationId: organisationId,
      userId: owner.id,
      role: 'owner',
      createdAt: new Date(),
    });
  }
  const [project] = await t.db
    .insert(projects)
    .values({
      name: 'quay',
      title: 'Harbour Quay',
      state: 'VIC',
      suburb: 'Docklands',
      postcode: '3008',
      fullAddress: '2 Harbour Esplanade, Docklands VIC 3008',
      prefix: 'vic',
      slug: 'harbour-quay',
      organisationId: `org-of-${developer.id}`,
    })
    .returning({ id: projects.id });
  await t.db.insert(projectMembers).values({ projectId: project!.id, userId: developer.id });
});

afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

async function pageHtml(
  pathname: string,
  cookie?: string,
  host?: string,
): Promise<{ status: number; html: string }> {
  const response = await t.request(pathname, {
    headers: { 'accept-encoding': 'br', ...(host && { host }) },
    ...(cookie ? { cookie } : {}),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const html =
    response.headers.get('content-encoding') === 'br'
      ? brotliDecompressSync(bytes).toString()
      : bytes.toString();
  return { status: response.status, html };
}

/** What the page's root element holds (the app renders into it). */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

/** The stylesheets the page links besides its own. */
const linkedStyles = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((found) => found[1]);

describe("a landing page comes drawn by the web app's server build (decision 050)", () => {
  it("draws the developer's dashboard from the page's own answers and the site's, with the stylesheets it needs", async () => {
    const { cookie } = await signIn(t, developer.email);
    const { status, html } = await pageHtml('/dashboard', cookie);
    expect(status).toBe(200);
    const siteName = ((await (await t.request('/api/site')).json()) as { siteName: string }).siteName;
    expect(rootOf(html)).toBe(
      `<main data-painted="/dashboard">${siteName} | ${developer.email} | Harbour Quay</main>`,
    );
    expect(linkedStyles(html)).toEqual(PAINT_STYLES);
    // The page still carries its answers for the app that takes over.
    expect(html).toContain('id="page-answers"');
  });

  it("draws each person's own page: a colleague's never shows the developer's projects", async () => {
    const { cookie } = await signIn(t, colleague.email);
    const { html } = await pageHtml('/dashboard', cookie);
    expect(rootOf(html)).toContain(colleague.email);
    expect(html).not.toContain('Harbour Quay');
    expect(html).not.toContain(developer.email);
  });

  it('draws nothing for pages the build does not list, nor for visitors', async () => {
    const { cookie } = await signIn(t, developer.email);
    for (const pathname of ['/projects', '/leads', '/']) {
      const { html } = await pageHtml(pathname, cookie);
      expect(rootOf(html), pathname).toBe('');
      expect(linkedStyles(html), pathname).toEqual([]);
    }
    const visitorPage = await pageHtml('/dashboard');
    expect(rootOf(visitorPage.html)).toBe('');
    expect(linkedStyles(visitorPage.html)).toEqual([]);
  });

  it("draws an admin's dashboard (no account state) with the stylesheets it needs too", async () => {
    const { html } = await pageHtml('/dashboard', (await signIn(t, admin.email)).cookie);
    expect(rootOf(html)).toContain(admin.email);
    expect(linkedStyles(html)).toEqual(PAINT_STYLES);
    expect(html).not.toContain('Harbour Quay');
  });

  it('sends the page as before when the render fails, declines or takes too long', async () => {
    const { cookie } = await signIn(t, developer.email);
    for (const render of ['fails', 'declines', 'hangs']) {
      const started = performance.now();
      const { status, html } = await pageHtml(`/dashboard?render=${render}`, cookie);
      expect(status, render).toBe(200);
      expect(rootOf(html), render).toBe('');
      expect(linkedStyles(html), render).toEqual([]);
      expect(html, render).toContain('id="page-answers"');
      if (render === 'hangs') expect(performance.now() - started).toBeLessThan(FIRST_PAINT_LIMIT_MS + 2_000);
    }
  });
});

describe('the sign-in page comes drawn for visitors (decision 050)', () => {
  const setMaintenance = async (on: boolean) => {
    const { cookie } = await signIn(t, admin.email);
    const answer = await t.request('/api/site/settings', {
      method: 'PUT',
      cookie,
      json: { maintenanceMode: on },
    });
    expect(answer.status).toBe(200);
  };
  /** The render count a painted page shows. */
  const renderOf = (html: string) => Number(/render (\d+)/.exec(rootOf(html) ?? '')?.[1]);

  it('draws /login for a visitor with the stylesheets it needs, without answers, the same page for every visitor', async () => {
    const first = await pageHtml('/login');
    expect(first.status).toBe(200);
    expect(rootOf(first.html)).toMatch(
      /^<main data-painted="\/login">visitor \| .+ \| maintenance false \| render \d+<\/main>$/,
    );
    expect(linkedStyles(first.html)).toEqual(LOGIN_PAINT_STYLES);
    expect(first.html).not.toContain('id="page-answers"');
    // Drawn once: the next visitor gets the same page, not a render of their own.
    const second = await pageHtml('/login');
    expect(renderOf(second.html)).toBe(renderOf(first.html));
    const response = await t.request('/login');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Each encoding is the same page: kept compressed per paint, never one encoding for another.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(rootOf(await response.text())).toBe(rootOf(first.html));
    const gzipped = await t.request('/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(rootOf(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString())).toBe(rootOf(first.html));
  });

  it("draws each host's tenant its own page, each kept", async () => {
    const portal = await pageHtml('/login');
    const ibn = await pageHtml('/login', undefined, 'ibn.localhost:3000');
    expect(rootOf(ibn.html)).toContain('visitor | IBN Lead Gen |');
    expect(rootOf(portal.html)).not.toContain('IBN Lead Gen');
    expect(renderOf((await pageHtml('/login', undefined, 'ibn.localhost')).html)).toBe(renderOf(ibn.html));
    expect(renderOf((await pageHtml('/login')).html)).toBe(renderOf(portal.html));
  });

  it('draws it again when the site settings it is drawn from change', async () => {
    const before = await pageHtml('/login');
    await setMaintenance(true);
    try {
      const during = await pageHtml('/login');
      expect(rootOf(during.html)).toContain('maintenance true');
      expect(renderOf(during.html)).toBeGreaterThan(renderOf(before.html));
    } finally {
      await setMaintenance(false);
    }
    expect(rootOf((await pageHtml('/login')).html)).toContain('maintenance false');
  });

  it('draws it neither with a query (each would be a render of its own) nor for a signed-in user', async () => {
    for (const pathname of ['/login?redirect=%2Fleads', '/login?render=hangs']) {
      const { html } = await pageHtml(pathname);
      expect(rootOf(html), pathname).toBe('');
      expect(linkedStyles(html), pathname).toEqual([]);
    }
    const { html } = await pageHtml('/login', (await signIn(t, developer.email)).cookie);
    expect(rootOf(html)).toBe('');
    expect(linkedStyles(html)).toEqual([]);
    expect(html).toContain('id="page-answers"');
  });
});
