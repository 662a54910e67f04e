import http from 'node:http';
import { DEMO_PASSWORD } from '@offplan/shared';
import { createEnquiryFormToken } from '../src/modules/enquiries/enquiry-form-token.ts';
import { FLEET_AUTH_SECRET } from './fleet.ts';

/**
 * A small HTTP client for the fleet tests. Each call can come from its own loopback address
 * (`from`, any of 127.0.0.0/8): HAProxy appends the address it sees to X-Forwarded-For and the
 * processes trust that last entry, so per-address limits behave as for real visitors.
 */

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** `name=value` pairs of the Set-Cookie headers, joined as a Cookie header. */
  cookies: string;
  json<T = unknown>(): T;
};

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  cookie?: string;
  from?: string;
  timeoutMs?: number;
};

/** One request on a connection of its own (no pooling: a killed process cannot hold it). */
export function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    origin: target.origin,
    connection: 'close',
    ...(body !== undefined && typeof options.body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        agent: false,
        localAddress: options.from,
        timeout: options.timeoutMs ?? 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const setCookie = response.headers['set-cookie'] ?? [];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            cookies: setCookie.map((value) => value.split(';')[0]).join('; '),
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} in time`)));
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/**
 * Signs a demo account in through `baseUrl` (the balancer or one process) and answers its session
 * cookie. `origin` is the site's address (BASE_URL), as a browser on the site sends it.
 */
export async function signIn(baseUrl: string, email: string, from?: string, origin?: string) {
  const answer = await call(`${baseUrl}/api/auth/sign-in/email`, {
    body: { email, password: DEMO_PASSWORD },
    from,
    headers: { origin: origin ?? new URL(baseUrl).origin },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.text}`);
  return answer.cookies;
}

/**
 * An enquiry body as the listing page's form would send it 10 s after it was shown (the fleet tests and
 * the benchmarks; `secret` is the servers' AUTH_SECRET, which signs the form token).
 */
export function enquiryBody(projectId: number, email: string, n = 1, secret = FLEET_AUTH_SECRET) {
  return {
    projectId,
    formToken: createEnquiryFormToken(secret, Date.now() - 10_000),
    name: `Buyer ${n}`,
    email,
    phone: `+61430${String(n % 1_000_000).padStart(6, '0')}`,
    postcode: '3000',
    buyerType: 'INVESTOR',
    budget: 750000,
    bedrooms: 2,
    timeframe: 'WITHIN_3_MONTHS',
    financeStatus: 'PRE_APPROVED',
    message: 'Please send the price list.',
    consent: true,
  };
}
