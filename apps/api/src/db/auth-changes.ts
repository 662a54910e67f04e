import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0005's triggers announce on when a session or user row changes (decision 023). */
export const AUTH_CHANGE_CHANNEL = 'auth_changed';

/** Payload of migration 0016's trigger: a permission set was edited or reset at /roles (nothing about sessions). */
export const PERMISSIONS_CHANGED = 'permissions';

/** Payload for "anything may have changed": a table was truncated, or changes may have been missed. */
export const ALL_AUTH_CHANGED = '*';

/**
 * The other channels this process hears on the same listening connection (issue 19): in-app message
 * retractions (`retracted:<message id>`, lib/notifications.ts). A listener of these hears `*` when
 * announcements may have been missed (the connection dropped and came back), as the auth one does.
 */
export const IN_APP_MESSAGE_CHANNEL = 'in_app_messages';
export const OTHER_CHANNELS = [IN_APP_MESSAGE_CHANNEL] as const;
export type OtherChannel = (typeof OTHER_CHANNELS)[number];

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

/** What the two implementations below add to AuthChanges: the other channels. */
type ChannelSubscriptions = {
  subscribeTo(channel: OtherChannel, listener: (payload: string) => void): () => void;
};

/**
 * Subscribes to one of the other channels through the database's change feed (`database.authChanges`,
 * typed as AuthChanges by db/client.ts: both implementations below carry the other channels too).
 */
export function subscribeToChannel(
  changes: AuthChanges,
  channel: OtherChannel,
  listener: (payload: string) => void,
): () => void {
  if (!('subscribeTo' in changes) || typeof changes.subscribeTo !== 'function') {
    throw new Error('this change feed carries no other channels');
  }
  return (changes as AuthChanges & ChannelSubscriptions).subscribeTo(channel, listener);
}

/** One listener set per other channel, and `*` to all of them. */
function channelSets() {
  const sets = new Map(OTHER_CHANNELS.map((channel) => [channel, listenerSet()] as const));
  return {
    emitTo: (channel: string, payload: string) => sets.get(channel as OtherChannel)?.emit(payload),
    emitAll: (payload: string) => {
      for (const set of sets.values()) set.emit(payload);
    },
    subscribeTo: (channel: OtherChannel, listener: (payload: string) => void) => {
      const set = sets.get(channel);
      if (!set) throw new Error(`unknown channel ${channel}`);
      return set.subscribe(listener);
    },
  };
}

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
export async function pgliteAuthChanges(pglite: PGlite): Promise<AuthChanges & ChannelSubscriptions> {
  const { emit, subscribe } = listenerSet();
  const channels = channelSets();
  const unlisten = [await pglite.listen(AUTH_CHANGE_CHANNEL, emit)];
  for (const channel of OTHER_CHANNELS) {
    unlisten.push(await pglite.listen(channel, (payload) => channels.emitTo(channel, payload)));
  }
  let live = true;
  return {
    get live() {
      return live;
    },
    subscribe,
    subscribeTo: channels.subscribeTo,
    close: async () => {
      live = false;
      for (const stop of unlisten) await stop();
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** A listening connection that answers nothing for this long is taken for lost (a half-open socket). */
const LISTENER_CHECK_MS = 10_000;
const LISTENER_CHECK_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL: every pooled connection listens (`listenOn`, the pool's `onConnect`), because PostgreSQL
 * tells a connection of its own notifications before the answer to its commit; so a change this process
 * makes is heard before the code that made it goes on (sign out, then call again: refused). One more
 * connection listens for as long as the process runs and decides `live` (`start`): changes from other
 * processes arrive there within milliseconds. When it drops, or stops answering its periodic check,
 * everything kept is forgotten until it listens again. Needs direct connections (or session pooling):
 * LISTEN does not survive a transaction-pooling proxy.
 */
export function postgresAuthChanges(connectionString: string) {
  const { emit, subscribe } = listenerSet();
  const channels = channelSets();
  const relay = (message: pg.Notification) => {
    if (message.channel === AUTH_CHANGE_CHANNEL) emit(message.payload ?? ALL_AUTH_CHANGED);
    else channels.emitTo(message.channel, message.payload ?? ALL_AUTH_CHANGED);
  };

  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let listeningSince = 0;

  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    clearInterval(check);
    client.end().catch(() => {});
    emit(ALL_AUTH_CHANGED);
    channels.emitAll(ALL_AUTH_CHANGED);
    // A connection that keeps dropping soon after it came back is retried less and less often.
    if (Date.now() - listeningSince > RECONNECT_MAX_MS) delay = RECONNECT_MIN_MS;
    reconnectLater();
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const stillAnswers = async (client: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), LISTENER_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch {
      lost(client);
    } finally {
      clearTimeout(timer);
    }
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('notification', relay);
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      // The other channels only on this connection (the pooled connections listen to hear their own
      // auth changes first), and before the auth one, whose LISTEN stays the connection's last statement.
      for (const channel of OTHER_CHANNELS) await client.query(`LISTEN ${channel}`);
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
    listener = client;
    listeningSince = Date.now();
    check = setInterval(() => void stillAnswers(client), LISTENER_CHECK_MS);
    check.unref();
    // A read that began before this connection listened may hold a change it missed: not to be kept.
    emit(ALL_AUTH_CHANGED);
    channels.emitAll(ALL_AUTH_CHANGED);
  };

  const changes: AuthChanges &
    ChannelSubscriptions & {
      listenOn(client: pg.ClientBase): Promise<void>;
      start(): Promise<void>;
    } = {
    get live() {
      return listener !== undefined;
    },
    subscribe,
    subscribeTo: channels.subscribeTo,
    listenOn: async (client) => {
      client.on('notification', relay);
      await client.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`);
    },
    start: () => {
      connecting = connect();
      return connecting;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      await connecting;
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
  return changes;
}
