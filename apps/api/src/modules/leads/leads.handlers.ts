import { ERROR_CODES, type LeadDetail } from '@offplan/shared';
import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { loadViewer } from '../projects/project-access.ts';
import { leadCsvStream, leadExportFileName } from './lead-export.ts';
import {
  digestChosenBy,
  leadRecipientsOf,
  recipientsProjectOf,
  responseTargetOf,
  saveDigestChoice,
  saveLeadRecipients,
  saveResponseTarget,
} from './lead-settings.repository.ts';
import {
  addLeadNote,
  assignLead,
  changeLeadStatus,
  findLeadDetail,
  type LeadReader,
  leadExportBatch,
  leadPage,
  leadResponseTimes,
} from './leads.repository.ts';
import {
  getLead,
  getLeadDigest,
  getLeadResponseTimes,
  getLeadSettings,
  getLeads,
  getLeadsExport,
  getProjectLeadRecipients,
  postLeadNote,
  postLeadStatus,
  putLeadAssignee,
  putLeadDigest,
  putLeadSettings,
  putProjectLeadRecipients,
} from './leads.routes.ts';

export const leadsRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;
/** Any of this module's handler contexts (the leads routes' also carry what `requireLeads` read). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type HandlerContext<E extends AppEnv> = Context<E, any, any>;

/**
 * audit() takes the request context as the app declares it; a guard only narrowed `user` and `session`
 * to not-null, which TypeScript cannot see through (a context's `set` makes it invariant). Writes made
 * while an admin acts as the user are allowed like any other write: the audit row names the admin.
 */
const auditIn = <E extends AppEnv>(
  c: HandlerContext<E>,
  entry: Parameters<typeof audit>[1],
  tx: Parameters<typeof audit>[2],
) => audit(c as unknown as Context<AppEnv>, entry, tx);

const dbOf = <E extends AppEnv>(c: HandlerContext<E>) =>
  (c as unknown as Context<AppEnv>).get('deps').database.db;

/** The lead as the reader now sees it, after a write (the drawer shows what the server holds). */
async function detailAfterWrite<E extends AppEnv>(
  c: HandlerContext<E>,
  reader: LeadReader,
  id: number,
): Promise<LeadDetail> {
  const detail = await findLeadDetail(dbOf(c), reader, id);
  if (!detail) throw notFound('No such lead.');
  return detail;
}

const noSuchLead = () => notFound('No such lead.');

leadsRouter.openapi(getLeads, async (c) => {
  const query = c.req.valid('query');
  const reader = c.get('leadAccess');
  const { items, total, totalCapped } = await leadPage(dbOf(c), reader, query);
  return c.json(
    {
      items,
      total,
      totalCapped,
      page: query.page,
      perPage: query.perPage,
      canExport: reader.canExport,
      masked: !reader.seesContacts,
    },
    200,
  );
});

// Registered before /api/leads/{id}: the first matching route answers.
leadsRouter.openapi(getLeadsExport, async (c) => {
  const { sort, order, ...filter } = c.req.valid('query');
  const reader = c.get('leadAccess');
  const db = dbOf(c);
  const direction = sort === 'createdAt' && order === 'asc' ? 'asc' : 'desc';
  const body = leadCsvStream((after) => leadExportBatch(db, reader, filter, direction, after));
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${leadExportFileName()}"`,
      // no-transform keeps the API's compression off this stream: gzip's buffering held the first byte
      // back until most of a million rows were read, and the server's memory grew with the file
      // (npm run bench:leads). Sent as it is read, the export stays flat in memory.
      'cache-control': 'no-store, no-transform',
    },
  }) as never;
});

leadsRouter.openapi(getLeadResponseTimes, async (c) => {
  const { sort: _sort, order: _order, ...filter } = c.req.valid('query');
  const reader = c.get('leadAccess');
  return c.json(await leadResponseTimes(dbOf(c), reader, filter), 200);
});

/** The organisation whose lead settings the caller reads and changes: the one permissions come from. */
async function ownOrganisationOf(c: SignedInContext): Promise<string> {
  const viewer = await loadViewer(dbOf(c), c.get('user'));
  const organisationId = viewer.organisationIds[0];
  if (!organisationId) throw forbidden('Lead settings belong to an organisation; you are not in one.');
  return organisationId;
}

leadsRouter.openapi(getLeadSettings, async (c) => {
  const organisationId = await ownOrganisationOf(c);
  return c.json(await responseTargetOf(dbOf(c), organisationId), 200);
});

leadsRouter.openapi(putLeadSettings, async (c) => {
  const target = c.req.valid('json');
  const organisationId = await ownOrganisationOf(c);
  const saved = await saveResponseTarget(dbOf(c), organisationId, target, (tx) =>
    auditIn(
      c,
      {
        action: 'organisation.lead_settings',
        targetType: 'organisation',
        targetId: organisationId,
        data: { ...target },
      },
      tx,
    ),
  );
  return c.json(saved, 200);
});

leadsRouter.openapi(getLead, async (c) => {
  const { id } = c.req.valid('param');
  const detail = await findLeadDetail(dbOf(c), c.get('leadAccess'), id);
  if (!detail) throw noSuchLead();
  return c.json(detail, 200);
});

leadsRouter.openapi(postLeadStatus, async (c) => {
  const { id } = c.req.valid('param');
  const change = c.req.valid('json');
  const reader = c.get('leadAccess');
  const result = await changeLeadStatus(dbOf(c), reader, id, change, (tx, changed) =>
    auditIn(
      c,
      {
        action: 'lead.status_change',
        targetType: 'lead',
        targetId: String(id),
        data: { from: changed.from, to: changed.to },
      },
      tx,
    ),
  );
  if (!result) throw noSuchLead();
  return c.json(await detailAfterWrite(c, reader, id), 200);
});

leadsRouter.openapi(postLeadNote, async (c) => {
  const { id } = c.req.valid('param');
  const { text } = c.req.valid('json');
  const reader = c.get('leadAccess');
  const result = await addLeadNote(dbOf(c), reader, id, text, (tx, added) =>
    auditIn(
      c,
      { action: 'lead.note_add', targetType: 'lead', targetId: String(id), data: { eventId: added.eventId } },
      tx,
    ),
  );
  if (!result) throw noSuchLead();
  return c.json(await detailAfterWrite(c, reader, id), 200);
});

leadsRouter.openapi(putLeadAssignee, async (c) => {
  const { id } = c.req.valid('param');
  const { assigneeId } = c.req.valid('json');
  const reader = c.get('leadAccess');
  const result = await assignLead(dbOf(c), reader, id, assigneeId, (tx, assigned) =>
    auditIn(
      c,
      {
        action: 'lead.assign',
        targetType: 'lead',
        targetId: String(id),
        data: { from: assigned.from, to: assigned.to },
      },
      tx,
    ),
  );
  if (!result) throw noSuchLead();
  if (result === 'not-member') {
    throw new AppError(400, ERROR_CODES.validation, "Invalid 'assigneeId': not a member of this project", {
      assigneeId: 'Choose an approved member of this project',
    });
  }
  return c.json(await detailAfterWrite(c, reader, id), 200);
});

/**
 * The project whose recipients the caller may manage: platform admins any; others when they are an
 * approved member or an owner/admin of its organisation. Anyone else is told it does not exist.
 */
async function recipientsProject(c: SignedInContext, projectId: number) {
  const db = dbOf(c);
  const viewer = await loadViewer(db, c.get('user'));
  const project = await recipientsProjectOf(db, projectId, viewer.userId);
  const manages =
    project &&
    (viewer.isAdmin ||
      project.isMember ||
      (project.organisationId !== null && viewer.managedOrganisationIds.includes(project.organisationId)));
  if (!project || !manages) throw notFound('No such project.');
  return project;
}

leadsRouter.openapi(getProjectLeadRecipients, async (c) => {
  const { id } = c.req.valid('param');
  const project = await recipientsProject(c, id);
  return c.json(await leadRecipientsOf(dbOf(c), project), 200);
});

leadsRouter.openapi(putProjectLeadRecipients, async (c) => {
  const { id } = c.req.valid('param');
  const { emails } = c.req.valid('json');
  const project = await recipientsProject(c, id);
  await saveLeadRecipients(dbOf(c), project.id, emails, (tx) =>
    auditIn(
      c,
      { action: 'project.lead_recipients', targetType: 'project', targetId: String(id), data: { emails } },
      tx,
    ),
  );
  return c.json(await leadRecipientsOf(dbOf(c), project), 200);
});

leadsRouter.openapi(getLeadDigest, async (c) => {
  return c.json({ dailyDigest: await digestChosenBy(dbOf(c), c.get('user').id) }, 200);
});

leadsRouter.openapi(putLeadDigest, async (c) => {
  const { dailyDigest } = c.req.valid('json');
  const userId = c.get('user').id;
  await saveDigestChoice(dbOf(c), userId, dailyDigest, (tx) =>
    auditIn(
      c,
      { action: 'user.lead_digest', targetType: 'user', targetId: userId, data: { dailyDigest } },
      tx,
    ),
  );
  return c.json({ dailyDigest }, 200);
});
