import {
  type ApiError,
  EMAIL_NOT_VERIFIED_REDIRECT,
  ERROR_CODES,
  sessionRequiredRedirectFor,
  VERIFY_EMAIL_PATH,
} from '@offplan/shared';
import { takePageAnswer } from './page-answers.ts';

/** Codes the client invents for failures that never reached (or never came back from) the API. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unexpected: 'UNEXPECTED_RESPONSE',
} as const;

const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const UNEXPECTED_MESSAGE = 'Something went wrong. Please try again.';

/** Every failed API call surfaces as this error, whatever the transport or library that made it. */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.requestId = options.requestId;
  }
}

export function isApiClientError(error: unknown, code?: string): error is ApiClientError {
  return error instanceof ApiClientError && (code === undefined || error.code === code);
}

/** Whether an error means the session is gone (spec §8). */
export function isSessionRequiredError(error: unknown): error is ApiClientError {
  return isApiClientError(error) && error.status === 401 && error.code === ERROR_CODES.sessionRequired;
}

/** Whether an error means the call needs a verified email and the user has none (spec §4). */
export function isEmailNotVerifiedError(error: unknown): error is ApiClientError {
  return isApiClientError(error) && error.status === 403 && error.code === ERROR_CODES.emailNotVerified;
}

/** Whether an error means the user must go elsewhere first (sign-in, email verification). */
export function isAccessError(error: unknown): error is ApiClientError {
  return isSessionRequiredError(error) || isEmailNotVerifiedError(error);
}

/**
 * Turns an error body into an ApiClientError. Every API failure, better-auth's included, answers
 * `{error: {code, message, fields?}}` (the server wraps them); anything else (a proxy's error page)
 * becomes a generic message.
 */
export function toApiClientError(status: number, body: unknown): ApiClientError {
  const error = readApiError(body);
  if (error) return new ApiClientError({ status, ...error });
  return new ApiClientError({ status, code: CLIENT_ERROR_CODES.unexpected, message: UNEXPECTED_MESSAGE });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The error body as `apiErrorSchema` (packages/shared errors.ts) reads it, checked by hand: every
 * page can meet a failed call, and the first page loads no schema library (decision 044).
 * api-client.test.ts holds it to the schema.
 */
function readApiError(body: unknown): ApiError['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields, requestId } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  if (fields !== undefined) {
    if (!isRecord(fields) || Object.values(fields).some((value) => typeof value !== 'string')) return null;
  }
  return {
    code,
    message,
    ...(fields === undefined ? {} : { fields: fields as Record<string, string> }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

export function networkError(cause: unknown): ApiClientError {
  return new ApiClientError({ status: 0, code: CLIENT_ERROR_CODES.network, message: NETWORK_MESSAGE, cause });
}

type AccessErrorHandler = (error: ApiClientError) => void;

// The app installs router-aware handlers at start-up (src/router.tsx); these defaults, full page
// loads, keep this module free of router imports and still do the right thing.
const defaultSessionRequiredHandler: AccessErrorHandler = () => {
  const { pathname, search } = window.location;
  if (pathname !== '/login') window.location.assign(sessionRequiredRedirectFor(pathname, search));
};
const defaultEmailNotVerifiedHandler: AccessErrorHandler = () => {
  if (window.location.pathname !== VERIFY_EMAIL_PATH) window.location.assign(EMAIL_NOT_VERIFIED_REDIRECT);
};

let sessionRequiredHandler = defaultSessionRequiredHandler;
let emailNotVerifiedHandler = defaultEmailNotVerifiedHandler;

/** Installs what happens when a call answers 401 SessionRequired; null restores the default. */
export function setSessionRequiredHandler(handler: AccessErrorHandler | null): void {
  sessionRequiredHandler = handler ?? defaultSessionRequiredHandler;
}

/** Installs what happens when a call answers 403 EMAIL_NOT_VERIFIED; null restores the default. */
export function setEmailNotVerifiedHandler(handler: AccessErrorHandler | null): void {
  emailNotVerifiedHandler = handler ?? defaultEmailNotVerifiedHandler;
}

/**
 * Hands an error that means the user must go elsewhere first (sign-in, email verification) to the
 * installed handler; other errors are left alone. The caller still throws the error.
 */
export function reportAccessError(error: unknown): void {
  if (isSessionRequiredError(error)) sessionRequiredHandler(error);
  else if (isEmailNotVerifiedError(error)) emailNotVerifiedHandler(error);
}

/**
 * What checks an answer: a shared zod schema, or an object with the same `safeParse` (the site
 * answer's, which the first page reads before any schema library has loaded, decision 044).
 */
export type AnswerSchema<T = unknown> = {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: unknown };
};
type AnswerOf<TSchema> = TSchema extends AnswerSchema<infer T> ? T : never;

type RequestOptions<TSchema extends AnswerSchema> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A `FormData` travels as multipart/form-data (the browser writes the boundary); anything else as JSON. */
  body?: unknown;
  /** Extra request headers (e.g. the notification token); accept and content-type are set here. */
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * Upload progress in whole percent (100 once the answer is in). Given, the request goes through
   * XMLHttpRequest: fetch cannot report how much of a body has been sent.
   */
  onUploadProgress?: (percent: number) => void;
  /**
   * Validates the answer: a contract drift fails loudly here instead of deep inside a component. A
   * promise of the schema (`import()` of the module holding it) loads beside the call, so a call the
   * first page starts does not bring the schema library to it (decision 044).
   */
  schema: TSchema | Promise<TSchema>;
};

/** What either transport brings back: the status and the parsed body (undefined when not JSON). */
type RawAnswer = { status: number; ok: boolean; body: unknown };

type RawRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: FormData | string | undefined;
  signal: AbortSignal | undefined;
};

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function sendWithFetch(request: RawRequest): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw networkError(cause);
  }
  return { status: response.status, ok: response.ok, body: parseJson(await response.text()) };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

function sendWithXhr(request: RawRequest, onUploadProgress: (percent: number) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(Math.round((event.loaded / event.total) * 100));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      settle();
      reject(signal ? abortReason(signal) : networkError(new Error('upload aborted')));
    };
    xhr.onerror = () => {
      settle();
      reject(networkError(new Error('upload failed')));
    };
    xhr.onload = () => {
      settle();
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) onUploadProgress(100);
      resolve({ status: xhr.status, ok, body: parseJson(xhr.responseText) });
    };
    xhr.send(request.body ?? null);
  });
}

/**
 * The one way the web app calls its API (same origin: cookies carry the session): JSON or FormData
 * bodies, extra headers, upload progress; every failure becomes an ApiClientError, and a missing
 * session or unverified email goes to the installed handler.
 */
export async function apiRequest<TSchema extends AnswerSchema>(
  path: string,
  options: RequestOptions<TSchema>,
): Promise<AnswerOf<TSchema>> {
  // A schema still loading when the call fails is not waited for: its own failure is not this call's.
  if (options.schema instanceof Promise) options.schema.catch(() => undefined);
  // A server render (entry-server.tsx, decision 050) has no window: the origin only builds the path.
  const url = new URL(path, globalThis.location?.origin ?? 'http://server-render.invalid');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const { body } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const request: RawRequest = {
    url,
    method: options.method ?? 'GET',
    headers,
    body: body instanceof FormData ? body : encodeJson(body),
    signal: options.signal,
  };

  // A GET the server already answered inside the page (decision 048) is not asked again.
  const sentWithPage = request.method === 'GET' ? takePageAnswer(url.pathname + url.search) : undefined;
  if (!sentWithPage && typeof window === 'undefined') {
    // A server render has only the answers it was given (decision 050): it never calls out.
    throw networkError(new Error(`no answer for ${url.pathname} in this server render`));
  }
  const answer: RawAnswer = sentWithPage
    ? { status: 200, ok: true, body: sentWithPage.body }
    : options.onUploadProgress
      ? await sendWithXhr(request, options.onUploadProgress)
      : await sendWithFetch(request);
  if (!answer.ok) {
    const error = toApiClientError(answer.status, answer.body);
    reportAccessError(error);
    throw error;
  }

  const parsed = (await options.schema).safeParse(answer.body);
  if (!parsed.success) {
    throw new ApiClientError({
      status: answer.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: UNEXPECTED_MESSAGE,
      cause: parsed.error,
    });
  }
  return parsed.data as AnswerOf<TSchema>;
}

function encodeJson(body: unknown): string | undefined {
  return body === undefined ? undefined : JSON.stringify(body);
}
