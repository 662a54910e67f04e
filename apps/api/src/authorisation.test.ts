import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Call,
  ENTRIES,
  type Entry,
  EXTRA_ENTRIES,
  type GuardedEntry,
  isPublic,
} from './authorisation.entries.ts';
import {
  buildWorld,
  CALLER_DESCRIPTIONS,
  type CallerName,
  type Callers,
  type RefusedCaller,
  tableDigests,
  type World,
} from './test/authorisation/world.ts';
import { sessionOf } from './test/sessions.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Issue 20 item 6 (decision 039): every operation of the OpenAPI document, called with organisation
 * A's ids as another organisation's owner, a role-8 user, an unverified user, no session, a non-admin
 * and an admin acting as a user, as its entry in authorisation.entries.ts says. Fails on any answer
 * but a refusal, on any of A's private strings in an answer, and on any table a refused call changed.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const REFUSALS = new Set([401, 403, 404]);

/**
 * Tables that change without any call writing A's data: rate-limit counters (a refusal still counts
 * against the caller's limit) and the minute rollup job's progress mark, which moves on its own
 * schedule. Every other table must be unchanged.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limit', 'throttle_counters', 'listing_rollup_state']);

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

let t: TestApp;
let world: World;
let callers: Callers;
let document: OpenApiDocument;

/** The path with its parameters filled and its query added. */
function urlOf(template: string, call: Call): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${template}: the entry's call gives no {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(call.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

async function send(method: string, url: string, call: Call, caller: CallerName) {
  const cookie = callers[caller];
  const response = await t.request(url, {
    method,
    ...(cookie ? { cookie } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.form ? { body: call.form() } : call.body !== undefined ? { json: call.body } : {}),
  });
  return { status: response.status, body: await response.text() };
}

/** The `error.code` of an error answer (decision 005), or '' for any other body. */
function errorCodeOf(body: string): string {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
}

const leakedIn = (body: string, markers: string[]) => markers.filter((marker) => body.includes(marker));

/** The tables whose rows differ between two digests, bookkeeping left out. */
function changedTables(before: Map<string, string>, after: Map<string, string>) {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !BOOKKEEPING_TABLES.has(name) && before.get(name) !== after.get(name));
}

/** What is wrong with one caller's answer: a leak of A's strings, or an answer that is not a refusal. */
async function callerProblems(
  entry: GuardedEntry,
  method: string,
  url: string,
  call: Call,
  caller: RefusedCaller,
) {
  const answer = await send(method, url, call, caller);
  const allowance = call.ownData
    ? { markers: 'private' as const }
    : entry.answersWithout?.callers.includes(caller)
      ? entry.answersWithout
      : undefined;
  const markers = allowance?.markers === 'contact' ? world.contactMarkers : world.privateMarkers;
  const leaked = leakedIn(answer.body, markers);
  const who = `as ${caller} (${CALLER_DESCRIPTIONS[caller]})`;
  const problems: string[] = [];
  if (leaked.length) problems.push(`${who}: answer ${answer.status} shows ${leaked.join(', ')}`);
  const refused =
    REFUSALS.has(answer.status) ||
    (answer.status === 400 && (entry.badRequestIsRefusal?.codes.includes(errorCodeOf(answer.body)) ?? false));
  if (!refused && !(allowance && answer.status < 500)) {
    problems.push(`${who}: answered ${answer.status}, not a refusal: ${answer.body.slice(0, 200)}`);
  }
  return problems;
}

/** The control call: the rightful caller gets 2xx (and sees A's markers when the entry says so). */
async function controlProblems(entry: GuardedEntry, method: string, url: string, call: Call) {
  if (!entry.control || method !== 'GET') return [];
  const answer = await send(method, url, call, entry.control);
  const problems: string[] = [];
  if (answer.status < 200 || answer.status > 299) {
    problems.push(
      `control ${entry.control} answered ${answer.status}: the entry's ids are not A's real ones`,
    );
  }
  const shown = entry.controlShows === 'contact' ? world.contactMarkers : world.privateMarkers;
  if (entry.controlShows && leakedIn(answer.body, shown).length === 0) {
    problems.push(
      `control ${entry.control} shows none of A's ${entry.controlShows} markers: the check is blind`,
    );
  }
  return problems;
}

/**
 * The digest the last entry left, when nothing but refused calls ran since (a control call may write,
 * an exports log say): saves taking it again.
 */
let lastDigest: Map<string, string> | undefined;

/** What is wrong with one entry's answers: empty when every caller was refused and nothing changed. */
async function problemsOf(key: string, entry: Entry): Promise<string[]> {
  const [method, template] = key.split(' ') as [string, string];
  const calls = [entry.call?.(world) ?? {}].flat();
  const problems: string[] = [];
  for (const call of calls) {
    const url = urlOf(template, call);
    const found = isPublic(entry)
      ? await publicProblems(method, url, call)
      : await guardedProblems(entry, method, url, call);
    problems.push(...found.map((problem) => (calls.length > 1 ? `${url}: ${problem}` : problem)));
  }
  return problems;
}

/** A public GET is called without a session: it must show none of A's private strings. */
async function publicProblems(method: string, url: string, call: Call): Promise<string[]> {
  if (method !== 'GET') return [];
  const answer = await send(method, url, call, 'anonymous');
  const leaked = leakedIn(answer.body, world.privateMarkers);
  lastDigest = undefined;
  return leaked.length ? [`public answer (${answer.status}) shows A's private ${leaked.join(', ')}`] : [];
}

/** Every caller the entry names, then the tables compared, then the control call. */
async function guardedProblems(entry: GuardedEntry, method: string, url: string, call: Call) {
  const before = lastDigest ?? (await tableDigests(t));
  lastDigest = undefined;
  const problems: string[] = [];
  for (const caller of new Set([...entry.refuse, ...(entry.answersWithout?.callers ?? [])])) {
    problems.push(...(await callerProblems(entry, method, url, call, caller)));
  }
  const after = await tableDigests(t);
  const changed = changedTables(before, after);
  if (changed.length) problems.push(`a refused call changed ${changed.join(', ')}`);
  problems.push(...(await controlProblems(entry, method, url, call)));
  lastDigest = entry.control ? undefined : after;
  return problems;
}

describe('authorisation suite (issue 20 item 6)', () => {
  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_LIMIT_PER_ACCOUNT: '10000' });
    ({ world, callers } = await buildWorld(t));
    document = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has an entry for every operation of the OpenAPI document and none for a route it does not have', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const missing = operations
      .filter((operation) => !(operation in ENTRIES))
      .map((operation) => `${operation}: add an entry to apps/api/src/authorisation.entries.ts`);
    const stale = Object.keys(ENTRIES)
      .filter((key) => !operations.includes(key))
      .map((key) => `${key}: no such route any more; remove its entry`);
    expect([...missing, ...stale]).toEqual([]);
  });

  for (const [key, entry] of Object.entries(ENTRIES)) {
    it(`${key} ${isPublic(entry) ? 'is public by design' : 'refuses every caller it must'}`, async () => {
      expect((await problemsOf(key, entry)).join('\n')).toBe('');
    });
  }

  for (const [key, entry] of Object.entries(EXTRA_ENTRIES)) {
    it(`${key} (outside the OpenAPI document) ${isPublic(entry) ? 'is public by design' : 'refuses every caller it must'}`, async () => {
      expect((await problemsOf(key, entry)).join('\n')).toBe('');
    });
  }

  // Last, so a refusal above cannot have been a session that some call had ended.
  it("still has every caller's session at the end, so no refusal was a dead session's", async () => {
    const expected: Record<string, string> = {
      otherOrgOwner: world.otherOrgOwnerId,
      role8: world.role8.id,
      unverified: world.unverified.id,
      nonAdmin: world.ownerA.id,
      adminActingAsUser: world.ownerA.id,
      ownerA: world.ownerA.id,
    };
    for (const [caller, userId] of Object.entries(expected)) {
      const session = await sessionOf(t, callers[caller as CallerName]!);
      expect(session?.user.id, caller).toBe(userId);
      expect(Boolean(session?.session.impersonatedBy), caller).toBe(caller === 'adminActingAsUser');
    }
    expect((await sessionOf(t, callers.admin!))?.user.role).toBe('admin');
  });
});
