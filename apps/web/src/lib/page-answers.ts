import { PAGE_ANSWERS_ELEMENT_ID } from '@offplan/shared';

/**
 * Decision 048: a signed-in page's HTML carries the answers to its first GETs (the session, the
 * account state), which the server asked of itself for this request. Taken here instead of asked
 * again, the frame and the dashboard do not wait for two calls queued behind the page's scripts.
 *
 * Each answer is taken once, by the first call of its path, and still checked by that call's own
 * schema. What the first page has not taken by the time it has loaded is dropped (`dropPageAnswers`):
 * a later read, after a sign-out say, must ask the server, never get the answer of the page's start.
 */
let answers = new Map<string, unknown>();

/**
 * Where the answers of the page being loaded are: this module's own, in the browser. The server's
 * first paint of a page (entry-server.tsx, decision 050) renders many pages at once, each with its
 * own answers: it names where the current render's are.
 */
let answersInScope: () => Map<string, unknown> | undefined = () => answers;

/** For the server's renders only: where the answers of the render in progress are kept (none: the page's). */
export function setPageAnswersScope(scope?: () => Map<string, unknown> | undefined): void {
  answersInScope = scope ?? (() => answers);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads (and removes) the answers element of `root`. Called once at start; tests call it again. */
export function loadPageAnswers(root: Pick<Document, 'getElementById'> = document): void {
  const element = root.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  answers = new Map();
  if (!element) return;
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (isRecord(parsed)) answers = new Map(Object.entries(parsed));
  } catch {
    // A page whose answers cannot be read asks for them, as a page without any does.
  }
}

/** The body the server sent with the page for a GET of `path` (path and query), once; else undefined. */
export function takePageAnswer(path: string): { body: unknown } | undefined {
  const inScope = answersInScope();
  if (!inScope?.has(path)) return undefined;
  const body = inScope.get(path);
  inScope.delete(path);
  return { body };
}

/** Forgets every answer not taken yet: the first page has loaded, later reads ask the server. */
export function dropPageAnswers(): void {
  answers.clear();
}

// The server's renders have no document: their answers come through setPageAnswersScope.
if (typeof document !== 'undefined') loadPageAnswers();
