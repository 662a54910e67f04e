import { API_PATHS, NOTIFICATION_TOKEN_LIFETIME_MS } from '@offplan/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Local-storage key of the cached notification token (spec §3). */
export const NOTIFICATION_TOKEN_STORAGE_KEY = 'notification-token';
/** The "package" of spec §3: which app the token was made for. A change of app asks anew. */
export const NOTIFICATION_PACKAGE = 'offplan-portal-web';

/** Spec §3 "Cached notification token (local storage)". */
export type CachedNotificationToken = { email: string; token: string; created: number; package: string };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readCachedToken(storage: Storage | null = browserStorage()): CachedNotificationToken | null {
  try {
    const raw = storage?.getItem(NOTIFICATION_TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CachedNotificationToken>;
    if (
      typeof value.email !== 'string' ||
      typeof value.token !== 'string' ||
      typeof value.created !== 'number' ||
      typeof value.package !== 'string'
    ) {
      return null;
    }
    return value as CachedNotificationToken;
  } catch {
    return null;
  }
}

/** Spec §5: reused only if under 22 hours old, and its email and package match. */
export function isReusable(
  cached: CachedNotificationToken | null,
  email: string,
  pkg: string,
  now: number,
): cached is CachedNotificationToken {
  if (!cached) return false;
  const age = now - cached.created;
  return (
    cached.email.toLowerCase() === email.toLowerCase() &&
    cached.package === pkg &&
    age >= 0 &&
    age < NOTIFICATION_TOKEN_LIFETIME_MS
  );
}

export function forgetNotificationToken(storage: Storage | null = browserStorage()) {
  try {
    storage?.removeItem(NOTIFICATION_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing cached then.
  }
}

/** POST /api/notifications/token (spec §7, body data.email). */
export async function requestNotificationToken(email: string, signal?: AbortSignal): Promise<string> {
  const { token } = await apiRequest(API_PATHS.notificationToken, {
    method: 'POST',
    body: { data: { email } },
    // Loaded beside the call, not with the frame (decision 044).
    schema: import('./notification-schemas.ts').then((schemas) => schemas.notificationTokenResponseSchema),
    ...(signal ? { signal } : {}),
  });
  return token;
}

type TokenOptions = {
  storage?: Storage | null;
  now?: () => number;
  pkg?: string;
  request?: (email: string) => Promise<string>;
};

/** The cached token when reusable (spec §5), otherwise a new one, which is then cached. */
export async function getNotificationToken(email: string, options: TokenOptions = {}): Promise<string> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const now = (options.now ?? Date.now)();
  const pkg = options.pkg ?? NOTIFICATION_PACKAGE;
  const cached = readCachedToken(storage);
  if (isReusable(cached, email, pkg, now)) return cached.token;
  const token = await (options.request ?? requestNotificationToken)(email);
  const entry: CachedNotificationToken = { email, token, created: now, package: pkg };
  try {
    storage?.setItem(NOTIFICATION_TOKEN_STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // Not cached: the next load asks again.
  }
  return token;
}
