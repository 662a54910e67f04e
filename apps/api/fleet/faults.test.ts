import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, enquiryBody, signIn } from './client.ts';
import { type Fleet, nextClientAddress, startFleet, uniqueSuffix, waitFor } from './fleet.ts';

/**
 * Issue 20, item 2: a steady stream of enquiries and listing saves through the balancer while the fleet
 * (PgBouncer in transaction mode, the harder setup) loses a process to SIGKILL, is restarted process by
 * process (a rolling deploy) and has its PostgreSQL server restarted under it. Every request is recorded;
 * afterwards every acknowledged enquiry must be in the database exactly once, every acknowledged save
 * visible, the rolling restart must fail nothing, and each lead's webhook must reach the CRM receiver with
 * one `webhook-id` across its retries.
 */

const DEVELOPER = 'developer@demo.offplan.test';
const ENQUIRY_LOOPS = 3;
/** One listing per save loop, so each listing's saves are sequential and "the last one" is exact. */
const SAVE_LOOPS = 2;
/** Each loop's pause between requests: a modest rate on two cores shared by the whole fleet. */
const LOOP_PAUSE_MS = 250;
/** HAProxy brings a process back after two passing checks 250 ms apart; this leaves room for both. */
const BACK_IN_ROTATION_MS = 1200;
const KILLED_FOR_MS = 2000;
/** Longer than a process's wait before it writes its batched log lines (lib/logger.ts, 50 ms). */
const LOG_FLUSH_MS = 200;
/**
 * A job claimed when its process died or the database restarted is retried once its claim expires
 * (60 s, seen by pg-boss's supervisor within 10 s): the wait covers that for the last fault.
 */
const WEBHOOK_WAIT_MS = 90_000;

type Phase = 'steady' | 'sigkill' | 'settle' | 'rolling' | 'postgres' | 'recovery';
const PHASES: Phase[] = ['steady', 'sigkill', 'settle', 'rolling', 'postgres', 'recovery'];

type Sent = {
  kind: 'enquiry' | 'save';
  /** The enquiry's buyer email or the saved description. */
  key: string;
  /** The phase the request was sent in. */
  phase: Phase;
  listingId: number;
  status: number | null;
  error: string | null;
};

const acknowledged = (sent: Sent) => sent.status !== null && sent.status >= 200 && sent.status < 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type WebhookAttempt = { webhookId: string; leadId: number; answered: number };

/** A CRM's webhook endpoint: fails the first attempt of each webhook-id, accepts every later one. */
async function startCrmReceiver() {
  const attempts: WebhookAttempt[] = [];
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const webhookId = String(request.headers['webhook-id'] ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } };
      const answered = seen.has(webhookId) ? 200 : 500;
      seen.add(webhookId);
      attempts.push({ webhookId, leadId: body.data.id, answered });
      response.writeHead(answered, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    attempts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The developer's organisation's listings that take enquiries and that the developer edits. */
async function developerListings(fleet: Fleet) {
  const { rows } = await fleet.sql.query<{ id: number }>(
    `select p.id from projects p
       join project_members pm on pm.project_id = p.id
       join "user" u on u.id = pm.user_id
      where u.email = $1
        and p.organisation_id = (select m.organization_id from member m where m.user_id = u.id
                                  order by m.created_at limit 1)
        and p.sales_status not in ('HIDDEN', 'SOLD_OUT') and p.stage <> 'NOT_PROCEEDING'
      order by p.id`,
    [DEVELOPER],
  );
  if (rows.length < SAVE_LOOPS) throw new Error(`the developer edits only ${rows.length} listed projects`);
  return rows.map((row) => row.id);
}

/** Makes the test's receiver the organisation's only CRM destination, for all its projects. */
async function useOnlyReceiver(fleet: Fleet, cookie: string, receiverUrl: string) {
  const listed = await call(`${fleet.url}/api/crm/destinations`, { cookie });
  expect(listed.status, listed.text).toBe(200);
  for (const { id } of listed.json<{ items: { id: number }[] }>().items) {
    const removed = await call(`${fleet.url}/api/crm/destinations/${id}`, { method: 'DELETE', cookie });
    expect(removed.status, removed.text).toBeLessThan(300);
  }
  const created = await call(`${fleet.url}/api/crm/destinations`, {
    body: { name: 'Fault test CRM', kind: 'WEBHOOK', url: receiverUrl, allProjects: true },
    cookie,
  });
  expect(created.status, created.text).toBe(201);
}

type StreamTargets = { url: string; cookie: string; enquiryProjectId: number; saveListingIds: number[] };

/** The loops sending enquiries and saves until `stop`, each request recorded with the phase it began in. */
function startStream(targets: StreamTargets) {
  const sent: Sent[] = [];
  const state = { phase: 'steady' as Phase, running: true, enquiries: 0 };
  const run = uniqueSuffix();

  async function send(record: Sent, request: () => Promise<{ status: number; text: string }>) {
    sent.push(record);
    try {
      const answer = await request();
      record.status = answer.status;
      if (!acknowledged(record)) record.error = answer.text.slice(0, 300);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
  }

  async function enquiryLoop() {
    while (state.running) {
      state.enquiries += 1;
      const n = state.enquiries;
      const email = `fault-${run}-${n}@example.com`;
      // A phone of its own too: the same phone is the same buyer, whose enquiries merge into one lead.
      const body = {
        ...enquiryBody(targets.enquiryProjectId, email, n),
        phone: `+61490${String(n).padStart(6, '0')}`,
      };
      const record: Sent = {
        kind: 'enquiry',
        key: email,
        phase: state.phase,
        listingId: targets.enquiryProjectId,
        status: null,
        error: null,
      };
      // Each from an address of its own: the limit per address is 10 enquiries in 10 minutes.
      await send(record, () =>
        call(`${targets.url}/api/enquiries`, { body, from: nextClientAddress(), timeoutMs: 20_000 }),
      );
      await sleep(LOOP_PAUSE_MS);
    }
  }

  async function saveLoop(listingId: number) {
    for (let n = 1; state.running; n += 1) {
      const description = `Fault test ${run}: save ${n} of listing ${listingId}`;
      const record: Sent = {
        kind: 'save',
        key: description,
        phase: state.phase,
        listingId,
        status: null,
        error: null,
      };
      await send(record, () =>
        call(`${targets.url}/api/listings/${listingId}`, {
          method: 'PATCH',
          body: { description },
          cookie: targets.cookie,
          timeoutMs: 20_000,
        }),
      );
      await sleep(LOOP_PAUSE_MS);
    }
  }

  const loops = [
    ...Array.from({ length: ENQUIRY_LOOPS }, () => enquiryLoop()),
    ...targets.saveListingIds.map((listingId) => saveLoop(listingId)),
  ];
  return {
    sent,
    /**
     * Starts `phase` for the requests sent from now on, then waits until every request of the phase
     * before has its answer. A request begun just before a fault would otherwise meet it, and its
     * failure would count against the phase before: a save sent in the last moments of the rolling
     * restart was answered 500 by the PostgreSQL restart that followed (CI, and 10 of 30 local runs).
     */
    enter: async (phase: Phase) => {
      const previous = state.phase;
      state.phase = phase;
      const answered = (s: Sent) => s.status !== null || s.error !== null;
      await waitFor(
        `the requests of the ${previous} phase to be answered`,
        () => sent.every((s) => s.phase !== previous || answered(s)),
        30_000,
        20,
      );
    },
    stop: async () => {
      state.running = false;
      await Promise.all(loops);
    },
  };
}

type Stream = ReturnType<typeof startStream>;

/** Waits until every kind of request has `count` acknowledged ones sent in `phase`. */
async function recovered(stream: Stream, phase: Phase, count = 3) {
  await waitFor(
    `requests to succeed again in ${phase}`,
    () =>
      (['enquiry', 'save'] as const).every(
        (kind) =>
          stream.sent.filter((s) => s.kind === kind && s.phase === phase && acknowledged(s)).length >= count,
      ),
    30_000,
    100,
  );
}

/** Milliseconds until every process's own `/readyz` answers 200 again. */
async function readyAgain(fleet: Fleet, since: number) {
  return Promise.all(
    fleet.processes.map(async (process) => {
      await waitFor(
        `process ${process.index} ready after the PostgreSQL restart`,
        async () => (await call(`${process.url}/readyz`, { timeoutMs: 2000 })).status === 200,
        60_000,
        100,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${process.output().slice(-3000)}`);
      });
      return Date.now() - since;
    }),
  );
}

const startedAt = Date.now();
/** Where the faults are, as they happen: a hang shows where it is. */
const progress = (message: string) =>
  console.log(`${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${message}`);

/** The faults, in order, while the stream runs; answers the measurements of the PostgreSQL restart. */
async function runFaults(fleet: Fleet, stream: Stream) {
  await sleep(3000);
  await recovered(stream, 'steady');

  await stream.enter('sigkill');
  progress('SIGKILL of process 1');
  await fleet.processes[1]!.kill();
  await sleep(KILLED_FOR_MS);
  await fleet.processes[1]!.start();
  await sleep(BACK_IN_ROTATION_MS);

  await stream.enter('settle');
  progress('process 1 back');
  await recovered(stream, 'settle');

  await stream.enter('rolling');
  progress('rolling restart');
  for (const process of fleet.processes) {
    await process.stop();
    progress(`process ${process.index} stopped`);
    await process.start();
    await sleep(BACK_IN_ROTATION_MS);
  }

  await stream.enter('postgres');
  // The servers' logs of the rolling restart, every request of it answered, before the PostgreSQL
  // restart's errors push them out; after one flush of the processes' batched log lines.
  await sleep(LOG_FLUSH_MS);
  const rollingLogs = fleet.processes.flatMap((process) => process.output().split('\n'));
  progress('PostgreSQL restart');
  const restartStartedAt = Date.now();
  await fleet.postgres.restart();
  const restartTookMs = Date.now() - restartStartedAt;
  const readyAfterMs = await readyAgain(fleet, restartStartedAt);

  await stream.enter('recovery');
  progress('every process ready again');
  await sleep(3000);
  await recovered(stream, 'recovery');
  return { restartTookMs, readyAfterMs, rollingLogs };
}

function countBy<T>(rows: T[], key: (row: T) => string) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** Per phase and kind: sent, acknowledged, failed; printed for the coordinator's report. */
function tally(sent: Sent[]) {
  return PHASES.flatMap((phase) =>
    (['enquiry', 'save'] as const).map((kind) => {
      const rows = sent.filter((s) => s.phase === phase && s.kind === kind);
      const acked = rows.filter(acknowledged).length;
      return { phase, kind, sent: rows.length, acknowledged: acked, failed: rows.length - acked };
    }),
  );
}

/** Where undelivered leads stand: no delivery row (the fan-out did not run), or its state and attempts. */
async function reportUndelivered(fleet: Fleet, undelivered: number[]) {
  const { rows } = await fleet.sql.query<{
    status: string | null;
    attempts: number | null;
    leads: number;
  }>(
    `select d.status, d.attempts, count(*)::int as leads from unnest($1::int[]) as l(id)
         left join crm_deliveries d on d.lead_id = l.id group by 1, 2 order by 3 desc`,
    [undelivered],
  );
  const jobs = await fleet.sql.query<{ name: string; state: string; jobs: number }>(
    `select name, state, count(*)::int as jobs from pgboss.job where name like 'crm-%' group by 1, 2 order by 1, 2`,
  );
  console.log('undelivered leads by delivery state:');
  console.table(rows);
  console.table(jobs.rows);
  // Where a stalled queue stands: when its waiting jobs were made, and what each connection is doing.
  const waiting = await fleet.sql.query(
    `select name, state, min(created_on) as first, max(created_on) as last, min(start_after) as start_after,
            max(retry_count) as retries from pgboss.job where name like 'crm-%' and state <> 'completed' group by 1, 2`,
  );
  console.table(waiting.rows);
  const activity = await fleet.sql.query(
    `select application_name, state, wait_event_type, wait_event, now() - state_change as for, left(query, 80) as query
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  console.table(activity.rows);
  for (const process of fleet.processes) {
    const lines = process
      .output()
      .split('\n')
      .filter((line) => /queue|crm/i.test(line));
    console.log(`process ${process.index}, ${lines.length} log lines about queues; the last 5:`);
    console.log(
      lines
        .slice(-5)
        .map((line) => line.slice(0, 400))
        .join('\n'),
    );
  }
}

/**
 * Of these undelivered leads, those with no job left that will deliver them: neither their fan-out nor an
 * attempt of their delivery is waiting or running. Such a lead's delivery is lost.
 */
async function leadsWithNoDeliveryJob(fleet: Fleet, leadIds: number[]) {
  const { rows } = await fleet.sql.query<{ id: number }>(
    `select l.id from unnest($1::int[]) as l(id)
      where not exists (select 1 from pgboss.job j
                         where j.name = 'crm-fan-out' and (j.data->>'leadId')::int = l.id
                           and j.state in ('created', 'retry', 'active'))
        and not exists (select 1 from crm_deliveries d
                          join pgboss.job j on j.name = 'crm-deliver' and (j.data->>'deliveryId')::int = d.id
                         where d.lead_id = l.id and j.state in ('created', 'retry', 'active'))`,
    [leadIds],
  );
  return rows;
}

/** Each lead's webhook-ids across its attempts, and each webhook-id's leads. */
function webhookIdsAndLeads(attempts: WebhookAttempt[]) {
  const idsPerLead = new Map<number, Set<string>>();
  const leadsPerId = new Map<string, Set<number>>();
  for (const { leadId, webhookId } of attempts) {
    idsPerLead.set(leadId, (idsPerLead.get(leadId) ?? new Set()).add(webhookId));
    leadsPerId.set(webhookId, (leadsPerId.get(webhookId) ?? new Set()).add(leadId));
  }
  return { idsPerLead, leadsPerId };
}

/**
 * The servers' log lines of failed requests, by request id; when none has its line (an error logged
 * without the request's id), every error the servers logged.
 */
function serverLinesOf(requestIds: string[], logs: string[]): string {
  const logged = logs.filter((line) => requestIds.some((id) => line.includes(id)));
  if (logged.length) return `the servers' log of the failed requests:\n${logged.join('\n')}`;
  return `the servers' errors:\n${logs.filter((line) => /"level":(50|60)/.test(line)).join('\n')}`;
}

describe('a fleet of three processes on PgBouncer under faults', () => {
  let fleet: Fleet;
  let receiver: Awaited<ReturnType<typeof startCrmReceiver>>;
  let sent: Sent[] = [];
  let rollingLogs: string[] = [];
  /** The database's leads of the stream's enquiries, by buyer email. */
  let stored = new Map<string, number[]>();
  /** Acknowledged leads the CRM receiver had not accepted when the webhook test stopped waiting. */
  let undelivered: number[] | undefined;
  /** How long the webhook check waited for the last delivery (it returns as soon as all are made). */
  let waitedMs = 0;

  beforeAll(async () => {
    receiver = await startCrmReceiver();
    // Decision 029's retry schedule a hundred times shorter: the first retry after 50 ms, not 5 s.
    fleet = await startFleet({ processes: 3, pgbouncer: true, env: { CRM_RETRY_TIME_SCALE: '0.01' } });
    progress('fleet started');
  });
  afterAll(async () => {
    await fleet?.stop();
    await receiver?.stop();
  });

  it('answers again by itself after a SIGKILL, a rolling restart and a PostgreSQL restart', async () => {
    const cookie = await signIn(fleet.url, DEVELOPER, nextClientAddress());
    await useOnlyReceiver(fleet, cookie, receiver.url);
    const listings = await developerListings(fleet);
    const stream = startStream({
      url: fleet.url,
      cookie,
      enquiryProjectId: listings[0]!,
      saveListingIds: listings.slice(0, SAVE_LOOPS),
    });
    let measured: Awaited<ReturnType<typeof runFaults>>;
    try {
      measured = await runFaults(fleet, stream);
    } finally {
      await stream.stop();
    }
    sent = stream.sent;
    rollingLogs = measured.rollingLogs;
    console.log('fault stream, per phase:');
    console.table(tally(sent));
    console.log(
      `PostgreSQL restart took ${measured.restartTookMs} ms; each process's /readyz answered 200 again ` +
        `${measured.readyAfterMs.join(' ms, ')} ms after the restart began`,
    );
    const failures = countBy(
      sent.filter((s) => !acknowledged(s)),
      (s) =>
        `${s.phase} ${s.kind}: ${s.status ?? 'no answer'} ${s.error?.replace(/,?"requestId":"[^"]*"/, '').slice(0, 120)}`,
    );
    if (failures.size)
      console.log(`failed requests:\n${[...failures].map(([what, n]) => `${n} × ${what}`).join('\n')}`);
    expect(measured.readyAfterMs).toHaveLength(3);
  });

  it('failed no request during the rolling restart', () => {
    const rolling = sent.filter((s) => s.phase === 'rolling');
    expect(rolling.length).toBeGreaterThan(20);
    const failedIds = rolling.flatMap((s) => /"requestId":"([^"]+)"/.exec(s.error ?? '')?.[1] ?? []);
    if (failedIds.length) console.log(serverLinesOf(failedIds, rollingLogs));
    expect(rolling.filter((s) => !acknowledged(s)).map((s) => `${s.kind} ${s.status} ${s.error}`)).toEqual(
      [],
    );
  });

  it('stored every acknowledged enquiry exactly once, through every fault', async () => {
    const enquiries = sent.filter((s) => s.kind === 'enquiry');
    const { rows } = await fleet.sql.query<{ email: string; id: number }>(
      'select email, id from leads where email = any($1::text[]) order by id',
      [enquiries.map((s) => s.key)],
    );
    stored = new Map();
    for (const row of rows) stored.set(row.email, [...(stored.get(row.email) ?? []), row.id]);
    const acked = enquiries.filter(acknowledged);
    const lost = acked.filter((s) => !stored.has(s.key)).map((s) => s.key);
    const duplicated = enquiries.filter((s) => (stored.get(s.key)?.length ?? 0) > 1).map((s) => s.key);
    const storedUnacknowledged = enquiries.filter((s) => !acknowledged(s) && stored.has(s.key)).length;
    console.log(
      `enquiries: ${enquiries.length} sent, ${acked.length} answered 2xx, ` +
        `${acked.filter((s) => stored.has(s.key)).length} of those in the database, ${lost.length} lost, ` +
        `${duplicated.length} stored twice; ${storedUnacknowledged} failed requests were stored anyway`,
    );
    expect(acked.length).toBeGreaterThan(100);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
  });

  it('shows the last acknowledged save of each listing', async () => {
    const listingIds = new Set(sent.filter((s) => s.kind === 'save').map((s) => s.listingId));
    expect(listingIds.size).toBe(SAVE_LOOPS);
    for (const listingId of listingIds) {
      const saves = sent.filter((s) => s.kind === 'save' && s.listingId === listingId);
      const lastAcknowledged = saves.findLastIndex(acknowledged);
      expect(lastAcknowledged).toBeGreaterThanOrEqual(0);
      // A save sent after it whose answer was lost may have been committed: the value is one of those.
      const possible = saves.slice(lastAcknowledged).map((s) => s.key);
      const { rows } = await fleet.sql.query<{ description: string }>(
        'select description from projects where id = $1',
        [listingId],
      );
      console.log(
        `listing ${listingId}: ${saves.length} saves sent, ${saves.filter(acknowledged).length} answered 2xx; ` +
          `it shows save ${possible.indexOf(rows[0]!.description) + lastAcknowledged + 1}, ` +
          `the last acknowledged is save ${lastAcknowledged + 1}`,
      );
      expect(possible).toContain(rows[0]!.description);
    }
  });

  it("retries each delivered lead's webhook under one webhook-id", async () => {
    const leadIds = sent
      .filter((s) => s.kind === 'enquiry' && acknowledged(s))
      .flatMap((s) => stored.get(s.key) ?? []);
    expect(leadIds.length).toBeGreaterThan(100);
    const delivered = () => new Set(receiver.attempts.filter((a) => a.answered === 200).map((a) => a.leadId));
    const startedWaiting = Date.now();
    await waitFor(
      'every acknowledged lead delivered to the CRM receiver',
      () => leadIds.every((id) => delivered().has(id)),
      WEBHOOK_WAIT_MS,
      250,
    ).catch(() => {});
    undelivered = leadIds.filter((id) => !delivered().has(id));
    waitedMs = Date.now() - startedWaiting;
    if (undelivered.length) await reportUndelivered(fleet, undelivered);
    console.log(
      `webhooks: ${undelivered.length} of ${leadIds.length} acknowledged leads undelivered ${waitedMs} ms after the stream ended (allowed ${WEBHOOK_WAIT_MS} ms)`,
    );
    expect(delivered().size).toBeGreaterThan(100);
    const { idsPerLead, leadsPerId } = webhookIdsAndLeads(receiver.attempts);
    console.log(`webhooks: ${receiver.attempts.length} attempts for ${idsPerLead.size} leads`);
    for (const id of delivered())
      expect([...idsPerLead.get(id)!], `webhook-ids of lead ${id}`).toHaveLength(1);
    for (const [webhookId, leads] of leadsPerId)
      expect([...leads], `leads under ${webhookId}`).toHaveLength(1);
  });

  it('left no acknowledged lead without its CRM delivery or a job still due to make it', async () => {
    expect(undelivered).toBeDefined();
    const rows = await leadsWithNoDeliveryJob(fleet, undelivered!);
    console.log(
      `CRM: ${undelivered!.length} acknowledged leads still on their way ${waitedMs} ms after the stream ended, ` +
        `${rows.length} of them with no job left to deliver them`,
    );
    expect(rows.map((row) => row.id)).toEqual([]);
  });
});
