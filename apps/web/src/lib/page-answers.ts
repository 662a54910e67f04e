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
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  return { body };
}

/** Forgets every answer not taken yet: the first page has loaded, later reads ask the server. */
export function dropPageAnswers(): void {
  answers.clear();
}

loadPageAnswers();
