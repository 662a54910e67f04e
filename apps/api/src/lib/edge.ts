import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { isLoggedRequest, redactPath, requestIdFrom } from '../middlewares/request-context.ts';
import { appSecurityHeaders, imageOriginsOf } from '../middlewares/security-headers.ts';
import { recordRequest } from '../modules/metrics/metrics.middleware.ts';
import type { AppDeps } from './context.ts';
import { writeRequestLine } from './logger.ts';

/** A GET as the edge sees it: the path and the query string apart, and the request's headers. */
export type EdgeRequest = { path: string; search: string; headers: IncomingHttpHeaders };

/**
 * A whole answer, ready to send; `route` is its metrics label (the pattern the app's route has).
 * `headers` is kept by identity: the edge merges it with the security headers once per object.
 */
export type EdgeAnswer = {
  route: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string | Buffer;
};

/** Answers a request from what the process already holds, or leaves it to the app (undefined). */
export type EdgeRoute = (request: EdgeRequest) => EdgeAnswer | undefined;

/**
 * The first layer of the HTTP stack (decision 047): a GET that one of `routes` can answer from memory
 * (the liveness probe, a public listing page in the page cache) is answered here, before the app's
 * router and middleware, with what every answer of the app carries: the security headers, a request
 * id, the request metrics and the request log line (the same functions the middleware calls). Anything
 * else, and anything an edge route fails on, goes to `next` (the app through @hono/node-server). The app
 * keeps the routes themselves, so in-process calls (tests) and the cases the edge leaves (HEAD, a page
 * not cached yet, `?enquiry=sent`) get the same answers there.
 *
 * Why: the app's stack costs ~50–100 µs of CPU a request here against ~20 µs for writing the answer, so a
 * process answered cached pages at about a third of what `node:http` can (decision 045); public listing
 * pages are most of the portal's traffic.
 */
export function withEdgeAnswers(
  deps: Pick<AppDeps, 'settings' | 'logger' | 'metrics'>,
  routes: readonly EdgeRoute[],
  next: RequestListener,
): RequestListener {
  const securityHeaders = appSecurityHeaders(imageOriginsOf(deps.settings));
  /** An answer's headers after the security headers (its own value wins, as Node's merge does in the app), flat. */
  const lists = new WeakMap<object, string[]>();
  const headerList = (headers: EdgeAnswer['headers']) => {
    let list = lists.get(headers);
    if (!list) {
      list = Object.entries({ ...Object.fromEntries(securityHeaders), ...headers }).flat();
      lists.set(headers, list);
    }
    return list;
  };
  return (request, response) => {
    if (request.method !== 'GET') return next(request, response);
    const started = performance.now();
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const edgeRequest: EdgeRequest = {
      path: queryAt < 0 ? url : url.slice(0, queryAt),
      search: queryAt < 0 ? '' : url.slice(queryAt + 1),
      headers: request.headers,
    };
    const answer = firstAnswer(routes, edgeRequest, deps.logger);
    if (!answer) return next(request, response);
    const incomingId = request.headers['x-request-id'];
    const requestId = requestIdFrom(typeof incomingId === 'string' ? incomingId : undefined);
    // One writeHead with the whole list, as node:http is fastest given it (each setHeader validates
    // and stores a header that writeHead then reads again); the length, so the body is not chunked.
    const length = typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length;
    response.writeHead(answer.status, [
      ...headerList(answer.headers),
      'x-request-id',
      requestId,
      'content-length',
      String(length),
    ]);
    response.end(answer.body);
    recordRequest(deps.metrics, { method: 'GET', route: answer.route, status: answer.status }, started);
    if (!isLoggedRequest(edgeRequest.path, answer.status)) return;
    writeRequestLine(deps.logger, {
      requestId,
      method: 'GET',
      path: redactPath(edgeRequest.path),
      status: answer.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: undefined,
    });
  };
}

function firstAnswer(
  routes: readonly EdgeRoute[],
  request: EdgeRequest,
  logger: AppDeps['logger'],
): EdgeAnswer | undefined {
  try {
    for (const route of routes) {
      const answer = route(request);
      if (answer) return answer;
    }
  } catch (error) {
    // The app answers instead, and shows its own error if it fails too.
    logger.warn({ err: error, path: redactPath(request.path) }, 'edge answer failed; the app answers');
  }
  return undefined;
}
