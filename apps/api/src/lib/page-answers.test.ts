import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PATHS, PAGE_ANSWERS_ELEMENT_ID, PROJECT_IMAGE_PLACEHOLDER } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, organization, projectMedia, projectMembers, projects } from '../db/schema/index.ts';
import { signIn } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Decision 048: a signed-in page comes with the answers to its first calls. Through the whole app, on
// a real database, with a tiny web build standing in for apps/web/dist.
const folder = mkdtempSync(path.join(tmpdir(), 'offplan-page-answers-'));
const INDEX_HTML =
  '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/app.js"></script></head>' +
  `<body><div id="root"></div><!-- ${'padding '.repeat(200)}--></body></html>`;
mkdirSync(path.join(folder, 'dist'), { recursive: true });
writeFileSync(path.join(folder, 'dist/index.html'), INDEX_HTML);
/** The web build's list of the dashboard's modules (decision 049), as apps/web's build writes it. */
const DASHBOARD_MODULES = {
  scripts: ['/assets/_main-a1.js', '/assets/dashboard-b2.js'],
  styles: ['/assets/_main-c3.css'],
};
writeFileSync(
  path.join(folder, 'dist/page-modules.json'),
  JSON.stringify({ '/dashboard': DASHBOARD_MODULES }),
);

/** A title that would end the data element and run a script if it were written into the page as it is. */
const HOSTILE_TITLE = 'Elm </script><script>alert(1)</script><!-- Residences';

let t: TestApp;
let developer: { id: string; email: string };
let colleague: { id: string; email: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp({}, { web: { webDistDir: path.join(folder, 'dist') } });
  developer = await t.createUser({ email: 'developer@example.test' });
  colleague = await t.createUser({ email: 'colleague@example.test' });
  admin = await t.createUser({ email: 'admin@example.test', role: 'admin' });
  const now = new Date();
  await t.db.insert(organization).values([
    { id: 'org-a', name: 'Harbourline', slug: 'harbourline', createdAt: now },
    { id: 'org-b', name: 'Parkview', slug: 'parkview', createdAt: now },
  ]);
  await t.db.insert(member).values([
    { id: 'm-a', organizationId: 'org-a', userId: developer.id, role: 'owner', createdAt: now },
    { id: 'm-b', organizationId: 'org-b', userId: colleague.id, role: 'owner', createdAt: now },
  ]);
  const [project] = await t.db
    .insert(projects)
    .values({
      name: 'elm',
      title: HOSTILE_TITLE,
      state: 'NSW',
      suburb: 'Parramatta',
      postcode: '2150',
      fullAddress: '1 Church Street, Parramatta NSW 2150',
      prefix: 'nsw',
      slug: 'elm-residences',
      organisationId: 'org-a',
    })
    .returning({ id: projects.id });
  await t.db.insert(projectMembers).values({ projectId: project!.id, userId: developer.id });
});

afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The page's HTML as the browser reads it, once it undoes the Content-Encoding. */
async function htmlOf(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  expect(encoding).toBeNull();
  return bytes.toString();
}

const ELEMENT = new RegExp(
  `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">([^<]*)</script>`,
);

/** The answers a page carries, as the web app parses them, or undefined when it carries none. */
function answersIn(html: string): Record<string, unknown> | undefined {
  const found = ELEMENT.exec(html);
  return found ? (JSON.parse(found[1] ?? '') as Record<string, unknown>) : undefined;
}

const page = (pathname: string, cookie?: string, acceptEncoding = 'br, gzip') =>
  t.request(pathname, { headers: { 'accept-encoding': acceptEncoding }, ...(cookie ? { cookie } : {}) });

describe('a signed-in page comes with the answers to its first calls', () => {
  it("carries the developer's session and account state, equal to what the calls answer", async () => {
    const { cookie } = await signIn(t, developer.email);
    const response = await page('/dashboard', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const answers = answersIn(await htmlOf(response));

    const session = await (await t.request(API_PATHS.auth.getSession, { cookie })).json();
    const account = await (await t.request(API_PATHS.userProjects, { cookie })).json();
    expect(Object.keys(answers ?? {}).sort()).toEqual([API_PATHS.auth.getSession, API_PATHS.userProjects]);
    expect(answers?.[API_PATHS.auth.getSession]).toEqual(session);
    expect(answers?.[API_PATHS.userProjects]).toEqual(account);
    expect((account as { output: { organisation: { id: string } } }).output.organisation.id).toBe('org-a');
  });

  it('is kept by no cache, and compressed as the browser accepts', async () => {
    const { cookie } = await signIn(t, developer.email);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await page('/projects', cookie, accept);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(answersIn(await htmlOf(response))).toBeDefined();
    }
  });

  it("gives each person their own answers: a colleague's page never carries the developer's", async () => {
    const { cookie } = await signIn(t, colleague.email);
    const html = await htmlOf(await page('/dashboard', cookie));
    const answers = answersIn(html);
    const session = answers?.[API_PATHS.auth.getSession] as { user: { id: string } };
    const account = answers?.[API_PATHS.userProjects] as { output: { organisation: { id: string } } };
    expect(session.user.id).toBe(colleague.id);
    expect(account.output.organisation.id).toBe('org-b');
    expect(html).not.toContain('Elm');
    expect(html).not.toContain(developer.email);
  });

  it('writes a title holding </script> and <!-- as data the page cannot be broken out of', async () => {
    const { cookie } = await signIn(t, developer.email);
    const html = await htmlOf(await page('/dashboard', cookie));
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toMatch(/<!-- Residences/);
    const account = answersIn(html)?.[API_PATHS.userProjects] as {
      output: { projects: { title: string }[] };
    };
    expect(account.output.projects.map((project) => project.title)).toContain(HOSTILE_TITLE);
  });

  it("an admin's page carries the session only: admins have no account state", async () => {
    const { cookie } = await signIn(t, admin.email);
    const answers = answersIn(await htmlOf(await page('/admin/users', cookie)));
    expect(Object.keys(answers ?? {})).toEqual([API_PATHS.auth.getSession]);
    expect((answers?.[API_PATHS.auth.getSession] as { user: { id: string } } | undefined)?.user.id).toBe(
      admin.id,
    );
  });

  it('a signed-out visitor, or a cookie that is not a session, gets the plain index.html', async () => {
    for (const cookie of [undefined, 'better-auth.session_token=forged.signature', 'theme=dark']) {
      const response = await page('/login', cookie, 'identity');
      expect(response.headers.get('cache-control'), String(cookie)).toBe('no-cache');
      expect(await htmlOf(response), String(cookie)).toBe(INDEX_HTML);
    }
  });

  it('a signed-out session leaves no answers behind in its pages', async () => {
    const { cookie } = await signIn(t, developer.email);
    expect(answersIn(await htmlOf(await page('/dashboard', cookie)))).toBeDefined();
    const signedOut = await t.request(API_PATHS.auth.signOut, { method: 'POST', cookie, json: {} });
    expect(signedOut.status).toBe(200);
    expect(answersIn(await htmlOf(await page('/dashboard', cookie)))).toBeUndefined();
  });

  it('HEAD and files of the build are not pages: no answers', async () => {
    const { cookie } = await signIn(t, developer.email);
    const head = await t.request('/dashboard', { method: 'HEAD', cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    const missing = await t.request('/assets/missing.js', { cookie });
    expect(missing.status).toBe(404);
  });
});

/** The modules and stylesheets a page asks the browser to fetch at once. */
function preloadedModules(html: string) {
  return {
    scripts: [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map(
      ([, href]) => href,
    ),
    styles: [...html.matchAll(/<link rel="preload" as="style" href="([^"]*)">/g)].map(([, href]) => href),
  };
}

/** The photos a page asks the browser to fetch at once, in order, with the first one's priority. */
function preloadedPhotos(html: string) {
  return [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)"( fetchpriority="high")?>/g)].map(
    ([, href, high]) => ({
      href: href!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
      high: Boolean(high),
    }),
  );
}

describe("the dashboard's page preloads its modules and the photos of its first row (decision 049)", () => {
  let agent: { id: string; email: string };
  /** A photo address that would end the attribute and open an element if written as it is. */
  const HOSTILE_PHOTO = '/media/x.svg"><script>alert(1)</script>&';

  beforeAll(async () => {
    agent = await t.createUser({ email: 'agent@example.test' });
    await t.db
      .insert(organization)
      .values({ id: 'org-c', name: 'Agency', slug: 'agency', createdAt: new Date() });
    await t.db
      .insert(member)
      .values({ id: 'm-c', organizationId: 'org-c', userId: agent.id, role: 'owner', createdAt: new Date() });
    // Six projects, updated a day apart in a shuffled order; the oldest first photo is never preloaded.
    const updatedDaysAgo = [3, 0, 5, 1, 4, 2];
    const photos = ['/media/p0.svg', HOSTILE_PHOTO, '/media/p2.svg', null, '/media/p4.svg', '/media/p5.svg'];
    for (const [index, daysAgo] of updatedDaysAgo.entries()) {
      const [project] = await t.db
        .insert(projects)
        .values({
          name: `p${index}`,
          title: `Project ${index}`,
          state: 'NSW',
          suburb: 'Parramatta',
          postcode: '2150',
          fullAddress: `${index} Church Street, Parramatta NSW 2150`,
          prefix: 'nsw',
          slug: `project-${index}-photos`,
          organisationId: 'org-c',
          updatedAt: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .returning({ id: projects.id });
      await t.db.insert(projectMembers).values({ projectId: project!.id, userId: agent.id });
      const photo = photos[index];
      if (photo) {
        await t.db.insert(projectMedia).values({
          projectId: project!.id,
          kind: 'image',
          url: photo,
          fileName: 'photo.svg',
          mimeType: 'image/svg+xml',
          sizeBytes: 100,
          isHero: true,
        });
      }
    }
  });

  it("in the dashboard's default order (latest update first), four of them, the first at high priority", async () => {
    const { cookie } = await signIn(t, agent.email);
    for (const pathname of ['/dashboard', '/']) {
      const html = await htmlOf(await page(pathname, cookie));
      expect(preloadedPhotos(html), pathname).toEqual([
        { href: HOSTILE_PHOTO, high: true },
        { href: PROJECT_IMAGE_PLACEHOLDER, high: false },
        { href: '/media/p5.svg', high: false },
        { href: '/media/p0.svg', high: false },
      ]);
      // The address stays inside its attribute: no element of its own, nothing to run.
      expect(html, pathname).not.toContain('<script>alert(1)');
      // Asked for before the answers' and the modules' preloads: on HTTP/1.1's six connections the
      // page's largest paint would otherwise wait behind them.
      const firstPhoto = html.indexOf('<link rel="preload" as="image"');
      expect(firstPhoto, pathname).toBeLessThan(html.indexOf('<script type="application/json"'));
      const firstModule = `<link rel="modulepreload" crossorigin href="${DASHBOARD_MODULES.scripts[0]}">`;
      expect(firstPhoto, pathname).toBeLessThan(html.indexOf(firstModule));
    }
  });

  it("names the dashboard's modules and stylesheets from the web build's list, for a portal user only", async () => {
    for (const email of [agent.email, colleague.email]) {
      const { cookie } = await signIn(t, email);
      for (const pathname of ['/dashboard', '/']) {
        const html = await htmlOf(await page(pathname, cookie));
        expect(preloadedModules(html), `${email} ${pathname}`).toEqual(DASHBOARD_MODULES);
      }
      const elsewhere = await htmlOf(await page('/projects', cookie));
      expect(preloadedModules(elsewhere)).toEqual({ scripts: [], styles: [] });
    }
    // An admin's home is another page: nothing of the dashboard's.
    const adminCookie = (await signIn(t, admin.email)).cookie;
    expect(preloadedModules(await htmlOf(await page('/', adminCookie)))).toEqual({ scripts: [], styles: [] });
    // A visitor gets the static index.html, which names only the first chunk.
    expect(preloadedModules(await htmlOf(await page('/dashboard')))).toEqual({ scripts: [], styles: [] });
  });

  it('nowhere else, for nobody else: other pages, a user without projects, an admin, a visitor', async () => {
    const agentCookie = (await signIn(t, agent.email)).cookie;
    expect(preloadedPhotos(await htmlOf(await page('/projects', agentCookie)))).toEqual([]);
    expect(preloadedPhotos(await htmlOf(await page('/leads', agentCookie)))).toEqual([]);
    const colleagueCookie = (await signIn(t, colleague.email)).cookie;
    expect(preloadedPhotos(await htmlOf(await page('/dashboard', colleagueCookie)))).toEqual([]);
    const adminCookie = (await signIn(t, admin.email)).cookie;
    expect(preloadedPhotos(await htmlOf(await page('/dashboard', adminCookie)))).toEqual([]);
    expect(preloadedPhotos(await htmlOf(await page('/dashboard')))).toEqual([]);
  });
});
