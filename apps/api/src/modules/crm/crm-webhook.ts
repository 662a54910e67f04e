import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  LEAD_WEBHOOK_EVENT,
  type LeadPayload,
  type LeadWebhook,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@offplan/shared';
import { Webhook } from 'standardwebhooks';
import { checkWebhookUrl, type ResolvedAddress } from '../../lib/outbound-url.ts';
import type { AttemptOutcome } from './crm-delivery.repository.ts';

/**
 * One webhook attempt (decision 029, Standard Webhooks): the `{type, timestamp, data}` body signed
 * with the destination's secret (and, during a rotation's overlap, its previous one), POSTed to the
 * address checked just before, never following a redirect.
 */

export const WEBHOOK_USER_AGENT = 'OffplanPortal-Webhooks/1';
/** The receiver's answer is read this far: the log keeps its first 200 characters. */
const ANSWER_READ_BYTES = 4096;
const ERROR_BODY_CHARS = 200;

export type WebhookSecrets = {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

export function webhookBody(payload: LeadPayload, at: Date): string {
  const body: LeadWebhook = { type: LEAD_WEBHOOK_EVENT, timestamp: at.toISOString(), data: payload };
  return JSON.stringify(body);
}

/**
 * `webhook-signature`: `v1,…` with the current secret, then (space-separated) with the previous one
 * while its overlap lasts, so a receiver still holding the old secret verifies during a rotation.
 */
export function webhookSignature(secrets: WebhookSecrets, messageId: string, at: Date, body: string) {
  const signatures = [new Webhook(secrets.secret).sign(messageId, at, body)];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > at) {
    signatures.push(new Webhook(secrets.previousSecret).sign(messageId, at, body));
  }
  return signatures.join(' ');
}

/** A lookup that answers only the addresses the URL check approved: DNS cannot move the request. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options.family === 'number' && options.family !== 0 ? options.family : null;
    const matching = addresses.filter((entry) => family === null || entry.family === family);
    const answers = matching.length ? matching : addresses;
    if (options.all) {
      callback(null, answers);
      return;
    }
    const first = answers[0]!;
    callback(null, first.address, first.family);
  };
}

export type WebhookAnswer = { status: number; body: string };

/** The receiver did not answer within the time-out. */
export class WebhookTimeoutError extends Error {}

/**
 * POSTs `body` to `url` and answers the status and the start of the answer. With `addresses`, the
 * connection goes to them (the host name stays in the Host header and in TLS's SNI and certificate
 * check); without, the host is resolved as usual (outside production, where nothing is pinned).
 * A fresh connection each time (`agent: false`): a pooled one may lead to an address checked earlier.
 */
export function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { addresses: ResolvedAddress[]; timeoutMs: number },
): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const signal = AbortSignal.timeout(options.timeoutMs);
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        ...(options.addresses.length ? { lookup: pinnedLookup(options.addresses) } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const answer = () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          if (read >= ANSWER_READ_BYTES) return;
          chunks.push(chunk);
          read += chunk.length;
        });
        response.on('end', answer);
        // The status is what counts; a body cut short (time-out, reset) still has it.
        response.on('close', answer);
        response.on('error', () => undefined);
      },
    );
    request.on('error', (error) => reject(signal.aborted ? new WebhookTimeoutError('timed out') : error));
    request.end(body);
  });
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the receiver',
  ENOTFOUND: 'Host not found (DNS)',
  EAI_AGAIN: 'Host not found (DNS lookup failed for now)',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
};

/** A short reason for the log: what happened, never a stack. */
function networkError(error: unknown, timeoutSeconds: number): string {
  if (error instanceof WebhookTimeoutError) return `Timed out after ${timeoutSeconds} s`;
  const { code, message } = error as { code?: string; message?: string };
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  if (code && /CERT|SSL|TLS/.test(code)) return `TLS: ${message ?? code}`.slice(0, 300);
  return (code ? `${code}: ${message ?? ''}` : (message ?? 'Request failed')).slice(0, 300);
}

/** A failed answer as the log shows it: the status, and the start of the body for a 4xx or 5xx. */
function answerError(answer: WebhookAnswer): string {
  if (answer.status >= 300 && answer.status < 400) return `HTTP ${answer.status}: redirects are not followed`;
  const start = answer.body.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
  return start ? `HTTP ${answer.status}: ${start}` : `HTTP ${answer.status}`;
}

export type WebhookAttempt = {
  url: string;
  /** The delivery's `message_id`: the same `webhook-id` on every attempt. */
  messageId: string;
  secrets: WebhookSecrets;
  payload: LeadPayload;
  at: Date;
  production: boolean;
  /** The resolver the URL check uses (tests); node's by default. */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  timeoutSeconds?: number;
};

/**
 * One attempt: the URL is checked again (decision 029: at every delivery), then the signed body is
 * POSTed to the checked addresses. Never throws: every way it can go wrong is an outcome to record.
 */
export async function sendWebhook(attempt: WebhookAttempt): Promise<AttemptOutcome> {
  const check = await checkWebhookUrl(attempt.url, {
    production: attempt.production,
    ...(attempt.lookup ? { lookup: attempt.lookup } : {}),
  });
  if (!check.ok) return { ok: false, responseCode: null, latencyMs: 0, error: check.message };
  const body = webhookBody(attempt.payload, attempt.at);
  const headers = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': attempt.messageId,
    'webhook-timestamp': String(Math.floor(attempt.at.getTime() / 1000)),
    'webhook-signature': webhookSignature(attempt.secrets, attempt.messageId, attempt.at, body),
  };
  const timeoutSeconds = attempt.timeoutSeconds ?? WEBHOOK_TIMEOUT_SECONDS;
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const answer = await postWebhook(check.url, body, headers, {
      addresses: check.addresses,
      timeoutMs: timeoutSeconds * 1000,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      responseCode: answer.status,
      latencyMs: latency(),
      error: ok ? null : answerError(answer),
      ...(answer.status === 410 ? { gone: true } : {}),
    };
  } catch (error) {
    return {
      ok: false,
      responseCode: null,
      latencyMs: latency(),
      error: networkError(error, timeoutSeconds),
    };
  }
}
