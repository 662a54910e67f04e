import { isPlatformAdmin, REPORTING_MESSAGES } from '@offplan/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { forbidden } from '../../lib/errors.ts';
import { userCan } from '../../lib/permissions.ts';
import { createRouter } from '../../lib/router.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import { buyerFeedbackReport, feedbackProjects } from './buyer-feedback.repository.ts';
import { withoutContactDetails } from './feedback-comments.ts';
import { listingPerformance, type ReportViewer } from './listing-performance.repository.ts';
import { getBuyerFeedbackReport, getListingPerformance } from './reporting.routes.ts';

export const reportingRouter = createRouter();

/** A handler's context once its guard proved the user (middlewares/guards.ts). */
// biome-ignore lint/suspicious/noExplicitAny: serves every route, whatever its path and input.
type SignedInContext = Context<SignedInEnv & AppEnv, any, any>;

/** Who asks: whether they are a platform admin is data of the viewer (which projects), not a permission. */
const viewerOf = (c: SignedInContext): ReportViewer => {
  const user = c.get('user');
  return { userId: user.id, isAdmin: isPlatformAdmin(user) };
};

const projectNotVisible = () => forbidden(REPORTING_MESSAGES.projectNotVisible);

reportingRouter.openapi(getListingPerformance, async (c) => {
  const report = await listingPerformance(c.get('deps').database.db, viewerOf(c), c.req.valid('query'));
  if (report === 'notVisible') throw projectNotVisible();
  return c.json(report, 200);
});

reportingRouter.openapi(getBuyerFeedbackReport, async (c) => {
  const query = c.req.valid('query');
  const { db } = c.get('deps').database;
  const asked = [
    ...new Set([...(query.projectIds ?? []), ...(query.feedbackProject ? [query.feedbackProject] : [])]),
  ];
  const visible = await feedbackProjects(db, viewerOf(c), asked.length > 0 ? asked : undefined);
  if (visible.length < asked.length) throw projectNotVisible();
  const projects = query.feedbackProject
    ? visible.filter((project) => project.id === query.feedbackProject)
    : visible;
  const [report, seesContacts] = await Promise.all([
    buyerFeedbackReport(db, projects, query),
    userCan(db, c.get('user'), 'leads.contact_details', c.get('organisationRole')),
  ]);
  const comments = seesContacts
    ? report.comments
    : report.comments.map((entry) => ({ ...entry, comment: withoutContactDetails(entry.comment) }));
  return c.json({ ...report, comments }, 200);
});
