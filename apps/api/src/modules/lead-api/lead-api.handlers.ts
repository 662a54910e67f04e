import { CRM_MESSAGES, ERROR_CODES, LEAD_API_WINDOW_DAYS } from '@offplan/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { storeEnquiry } from '../enquiries/enquiries.repository.ts';
import { ENQUIRIES_PER_EMAIL } from '../enquiries/enquiry-intake.ts';
import { type ApiKeyEnv, LEAD_API_SECURITY_SCHEME } from './api-key-auth.ts';
import { type LeadApiCursor, leadApiPage, organisationOfProject } from './lead-api.repository.ts';
import { getLeadApi, postLeadApi } from './lead-api.routes.ts';

export const leadApiRouter = createRouter();

// The scheme the routes' `security` names; zod-openapi carries it into the app's document when the
// router is mounted (app.route merges a router's components), so lib/api-docs.ts needs no change.
leadApiRouter.openAPIRegistry.registerComponent('securitySchemes', LEAD_API_SECURITY_SCHEME, {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'opk_…',
  description:
    'An organisation API key (`opk_…`), made by an owner or admin on the CRM page: READ keys read leads, ' +
    'WRITE keys also create them.',
});

/** A handler's context once `apiKeyAuth` proved the key. */
// biome-ignore lint/suspicious/noExplicitAny: serves both routes, whatever their input.
type KeyedContext = Context<ApiKeyEnv & AppEnv, any, any>;

const depsOf = (c: KeyedContext) => (c as unknown as Context<AppEnv>).get('deps');

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A client that asks for exactly "30 days ago" computes it a moment before the request arrives: within
 * this much it gets the window's start rather than a refusal.
 */
const SINCE_GRACE_MS = 5 * 60 * 1000;

const isoMoment = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

const invalidQuery = (field: 'since' | 'cursor', message: string) =>
  new AppError(400, ERROR_CODES.validation, `Invalid '${field}': ${message}`, { [field]: message });

/** `since` as asked (ISO 8601), never before the window's start; absent: the window's start. */
function sinceOf(since: string | undefined, now: number): Date {
  const windowStart = now - LEAD_API_WINDOW_DAYS * DAY_MS;
  if (since === undefined || since === '') return new Date(windowStart);
  if (!isoMoment.safeParse(since).success) {
    throw invalidQuery('since', 'Give an ISO 8601 date or date-time, e.g. 2026-11-01T00:00:00Z');
  }
  const asked = Date.parse(since);
  if (asked < windowStart - SINCE_GRACE_MS) throw invalidQuery('since', CRM_MESSAGES.sinceTooOld);
  return new Date(Math.max(asked, windowStart));
}

/** The cursor is opaque to clients: base64url of the last lead's created_at (to the microsecond) and id. */
const encodeCursor = (cursor: LeadApiCursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

const cursorSchema = z.tuple([z.iso.datetime(), z.number().int().positive()]);

function decodeCursor(cursor: string | undefined): LeadApiCursor | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const [createdAt, id] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt, id };
  } catch {
    throw invalidQuery('cursor', 'Pass back the nextCursor of the previous page');
  }
}

leadApiRouter.openapi(getLeadApi, async (c) => {
  const query = c.req.valid('query');
  const deps = depsOf(c);
  const page = await leadApiPage(deps.database.db, {
    organisationId: c.get('apiKey').organisationId,
    since: sinceOf(query.since, Date.now()),
    after: decodeCursor(query.cursor),
    limit: query.limit,
    baseUrl: deps.settings.baseUrl,
  });
  return c.json(
    { data: page.items, nextCursor: page.more && page.last ? encodeCursor(page.last) : null },
    200,
  );
});

leadApiRouter.openapi(postLeadApi, async (c) => {
  const { projectId, ...enquiry } = c.req.valid('json');
  const deps = depsOf(c);
  const db = deps.database.db;
  if ((await organisationOfProject(db, projectId)) !== c.get('apiKey').organisationId) {
    throw notFound('No such project in this organisation.');
  }
  const stored = await storeEnquiry(db, deps.queue, {
    projectId,
    enquiry,
    source: 'api',
    receivedAt: new Date(),
    // The key stands for the form token and has its own limit per minute; only the per-buyer limit
    // stays, so one buyer's address cannot be flooded with leads through an integration either.
    limits: [{ key: `enquiry-email:${enquiry.email}`, window: ENQUIRIES_PER_EMAIL }],
  });
  switch (stored.outcome) {
    case 'created':
    case 'merged':
      c.get('log').info(
        { projectId, leadId: stored.leadId, outcome: stored.outcome },
        'lead received by API',
      );
      return c.json({ id: stored.leadId, merged: stored.outcome === 'merged' }, 201);
    case 'limited': {
      const minutes = Math.ceil(stored.retryAfterSeconds / 60);
      c.header('Retry-After', String(stored.retryAfterSeconds));
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        `Too many leads for this buyer email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    case 'closed':
      throw new AppError(409, ERROR_CODES.enquiriesClosed, 'This project is no longer taking enquiries.');
    case 'not_found':
      throw notFound('No such project in this organisation.');
  }
});
