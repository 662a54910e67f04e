import type { OrganisationRole } from '@offplan/shared';
import type { Auth, AuthSession } from '../auth.ts';
import type { Database } from '../db/client.ts';
import type { Settings } from '../env.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import type { Outbox } from './outbox.ts';

/** What every request handler can reach through `c.get(...)` (`c.var` copies them all on each read). */
export type AppDeps = {
  settings: Settings;
  database: Database;
  auth: Auth;
  logger: Logger;
  queue: JobQueue;
  outbox: Outbox;
  /** This app's Prometheus registry and instruments (GET /metrics, decision 037). */
  metrics: Metrics;
  migrationsFolder: string;
  /** Set while the process shuts down: /readyz then answers 503 so load balancers stop sending. */
  lifecycle: { draining: boolean };
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    clientIp: string | undefined;
    user: AuthSession['user'] | null;
    session: AuthSession['session'] | null;
    /** The user's role in their oldest organisation, read with the session; undefined when it was not. */
    organisationRole: OrganisationRole | null | undefined;
  };
};
