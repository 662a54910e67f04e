import {
  apiErrorSchema,
  EMAIL_NOT_VERIFIED_REDIRECT,
  ERROR_CODES,
  sessionRequiredRedirectFor,
  VERIFY_EMAIL_PATH,
} from '@offplan/shared';
import type { z } from 'zod';

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
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiClientError({ status, ...parsed.data.error });
  return new ApiClientError({ status, code: CLIENT_ERROR_CODES.unexpected, message: UNEXPECTED_MESSAGE });
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

type RequestOptions<TSchema extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Validates the answer: a contract drift fails loudly here instead of deep inside a component. */
  schema: TSchema;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one way the web app calls its API (same origin: cookies carry the session). */
export async function apiRequest<TSchema extends z.ZodType>(
  path: string,
  options: RequestOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw networkError(cause);
  }

  const body = await readJson(response);
  if (!response.ok) {
    const error = toApiClientError(response.status, body);
    reportAccessError(error);
    throw error;
  }

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: UNEXPECTED_MESSAGE,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
