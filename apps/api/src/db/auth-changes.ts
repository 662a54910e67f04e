import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0005's triggers announce on when a session or user row changes (decision 023). */
export const AUTH_CHANGE_CHANNEL = 'auth_changed';

/** Payload for "anything may have changed": a table was truncated, or changes may have been missed. */
export const ALL_AUTH_CHANGED = '*';

/**
 * Tells this process when a session or user row changes, whichever process changed it. Payloads are
 * `s:<token>`, `u:<user id>` or `*`. While `live` is false a change could go unheard, so nothing read
 * from those tables may be kept: every listener has just been told `*`.
 */
export type AuthChanges = {
  readonly live: boolean;
  subscribe(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
};

function listenerSet() {
  const listeners = new Set<(payload: string) => void>();
  return {
    emit: (payload: string) => {
      for (const listener of listeners) listener(payload);
    },
    subscribe: (listener: (payload: string) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** PGlite is this process's alone, and announces a change before the statement that made it returns. */
export async function pgliteAuthChanges(pglite: PGlite): Promise<AuthChanges> {
  const { emit, subscribe } = listenerSet();
  const unlisten = await pglite.listen(AUTH_CHANGE_CHANNEL, emit);
  let live = true;
  return {
    get live() {
      return live;
    },
    subscribe,
    close: async () => {
      live = false;
      await unlisten();
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL: every pooled connection listens (`listenOn`, the pool's `onConnect`), because PostgreSQL
 * tells a connection of its own notifications before the answer to its commit; so a change this process
 * makes is heard before the code that made it goes on (sign out, then call again: refused). One more
 * connection listens for as long as the process runs and decides `live` (`start`): changes from other
 * processes arrive there within milliseconds, and when it drops, everything kept is forgotten until it
 * listens again.
 */
export function postgresAuthChanges(connectionString: string) {
  const { emit, subscribe } = listenerSet();
  const relay = (message: pg.Notification) => {
    if (message.channel === AUTH_CHANGE_CHANNEL) emit(message.payload ?? ALL_AUTH_CHANGED);
  };

  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    emit(ALL_AUTH_CHANGED);
    reconnectLater();
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', relay);
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`);
    } catch {
      client.end().catch(() => {});
      reconnectLater();
      return;
    }
    if (closed) {
      await client.end();
      return;
    }
    delay = RECONNECT_MIN_MS;
    listener = client;
    // A read that began before this connection listened may hold a change it missed: not to be kept.
    emit(ALL_AUTH_CHANGED);
  };

  const changes: AuthChanges & {
    listenOn(client: pg.ClientBase): Promise<void>;
    start(): Promise<void>;
  } = {
    get live() {
      return listener !== undefined;
    },
    subscribe,
    listenOn: async (client) => {
      client.on('notification', relay);
      await client.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`);
    },
    start: connect,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
  return changes;
}
