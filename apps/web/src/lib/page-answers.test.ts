import { API_PATHS, PAGE_ANSWERS_ELEMENT_ID } from '@offplan/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/render.tsx';
import { ApiClientError, apiRequest, CLIENT_ERROR_CODES } from './api-client.ts';
import { fetchSession } from './auth-client.ts';
import { dropPageAnswers, loadPageAnswers, setPageAnswersScope, takePageAnswer } from './page-answers.ts';

// Decision 048: the answers the server sends inside a signed-in page, taken by the first call of
// their path instead of asking again.

const SESSION = {
  session: {
    id: 's1',
    userId: 'u1',
    token: 't',
    expiresAt: '2026-12-28T00:00:00.000Z',
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    ipAddress: null,
    userAgent: null,
    impersonatedBy: null,
    activeOrganizationId: null,
  },
  user: {
    id: 'u1',
    email: 'developer@example.test',
    emailVerified: true,
    name: 'Dev Eloper',
    image: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    firstName: 'Dev',
    lastName: 'Eloper',
    title: null,
    jobRoleId: 1,
    phoneNumber: null,
    phoneNumberVerified: false,
    twoFactorEnabled: false,
  },
};

/** Puts a page-answers element into the document, as the server writes it, and reads it. */
function pageWithAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
  loadPageAnswers();
}

afterEach(() => {
  vi.unstubAllGlobals();
  dropPageAnswers();
  document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
});

const accountSchema = z.object({ output: z.object({ projectIds: z.array(z.number()) }) });

describe('answers sent with the page', () => {
  it('are read once and the element is removed from the page', () => {
    pageWithAnswers(JSON.stringify({ '/api/a': { n: 1 } }));
    expect(document.getElementById(PAGE_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(takePageAnswer('/api/a')).toEqual({ body: { n: 1 } });
    expect(takePageAnswer('/api/a')).toBeUndefined();
  });

  it.each(['not json', '[1, 2]', '"text"', ''])(
    'a page whose answers are not an object (%j) has none',
    (text) => {
      pageWithAnswers(text);
      expect(takePageAnswer('/api/a')).toBeUndefined();
    },
  );

  it('a GET of an answered path takes the answer instead of asking, once; the next call asks', async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.userProjects]: { output: { projectIds: [7] } } }));
    const fetchSpy = vi.fn(async () => jsonResponse(200, { output: { projectIds: [8] } }));
    vi.stubGlobal('fetch', fetchSpy);

    expect(await apiRequest(API_PATHS.userProjects, { schema: accountSchema })).toEqual({
      output: { projectIds: [7] },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await apiRequest(API_PATHS.userProjects, { schema: accountSchema })).toEqual({
      output: { projectIds: [8] },
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("an answer is still checked by the call's schema", async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.userProjects]: { output: { projectIds: ['seven'] } } }));
    vi.stubGlobal('fetch', vi.fn());
    const failure = await apiRequest(API_PATHS.userProjects, { schema: accountSchema }).catch(
      (error) => error,
    );
    expect(failure).toBeInstanceOf(ApiClientError);
    expect((failure as ApiClientError).code).toBe(CLIENT_ERROR_CODES.invalidResponse);
  });

  it('only a GET of the same path and query takes it', async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.userProjects]: { output: { projectIds: [7] } } }));
    const fetchSpy = vi.fn(async () => jsonResponse(200, { output: { projectIds: [9] } }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiRequest(API_PATHS.userProjects, { schema: accountSchema, query: { page: 2 } });
    await apiRequest(API_PATHS.userProjects, { schema: accountSchema, method: 'POST', body: {} });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(takePageAnswer(API_PATHS.userProjects)).toBeDefined();
  });

  it('the session is read from the page, checked by the session schema, and asked for afterwards', async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.auth.getSession]: SESSION }));
    const fetchSpy = vi.fn(async () => jsonResponse(200, null));
    vi.stubGlobal('fetch', fetchSpy);
    expect((await fetchSession())?.user.email).toBe('developer@example.test');
    expect(fetchSpy).not.toHaveBeenCalled();
    // A sign-out later in the same tab: the page's copy is gone, the server says who is signed in.
    expect(await fetchSession()).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('answers dropped once the first page has loaded are asked for', async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.auth.getSession]: SESSION }));
    dropPageAnswers();
    const fetchSpy = vi.fn(async () => jsonResponse(200, null));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await fetchSession()).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a session the schema refuses is an error, as a fetched one is', async () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.auth.getSession]: { user: { id: 1 } } }));
    vi.stubGlobal('fetch', vi.fn());
    await expect(fetchSession()).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse });
  });
});

describe('answers of a server render (decision 050)', () => {
  afterEach(() => {
    setPageAnswersScope();
  });

  it('are taken from the scope the render names, each render its own, once', () => {
    pageWithAnswers(JSON.stringify({ [API_PATHS.site]: { siteName: 'from the page' } }));
    const first = new Map<string, unknown>([[API_PATHS.site, { siteName: 'first render' }]]);
    const second = new Map<string, unknown>([[API_PATHS.site, { siteName: 'second render' }]]);
    let current: Map<string, unknown> | undefined = first;
    setPageAnswersScope(() => current);
    expect(takePageAnswer(API_PATHS.site)).toEqual({ body: { siteName: 'first render' } });
    expect(takePageAnswer(API_PATHS.site)).toBeUndefined();
    current = second;
    expect(takePageAnswer(API_PATHS.site)).toEqual({ body: { siteName: 'second render' } });
    // Outside any render, nothing: never the answers of the page or of another render.
    current = undefined;
    expect(takePageAnswer(API_PATHS.site)).toBeUndefined();
    // Back in the browser's scope, the page's own answer.
    setPageAnswersScope();
    expect(takePageAnswer(API_PATHS.site)).toEqual({ body: { siteName: 'from the page' } });
  });
});
