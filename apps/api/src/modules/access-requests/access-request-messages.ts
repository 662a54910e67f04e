import { brandingSourceOf, tenantBranding } from '../../lib/branding.ts';
import type { AppDeps } from '../../lib/context.ts';
import { escapeHtml } from '../../lib/message-templates.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import { organisationManagers, platformAdmins } from './access-requests.repository.ts';

type Person = { id: string; name: string; email: string };
type Project = { id: number; title: string; organisationId: string | null };

/**
 * Messages of the access flow (design §2). They are sent after the change is committed and never undo
 * it: a failure is logged, the request or claim stands.
 */
async function safely(deps: AppDeps, what: string, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (error) {
    deps.logger.error({ err: error, what }, 'access-flow message not sent');
  }
}

async function toEach(deps: AppDeps, userIds: string[], message: Parameters<typeof sendInAppMessage>[1]) {
  for (const userId of new Set(userIds)) {
    await sendInAppMessage(deps.database.db, { ...message, audience: { userId } });
  }
}

/** New access request → the project's organisation owners/admins; an unclaimed project's → platform admins. */
export function announceNewRequest(deps: AppDeps, project: Project, requester: Person) {
  return safely(deps, 'new access request', async () => {
    const db = deps.database.db;
    const recipients = project.organisationId
      ? await organisationManagers(db, project.organisationId)
      : await platformAdmins(db);
    await toEach(
      deps,
      recipients.map((row) => row.id).filter((id) => id !== requester.id),
      {
        audience: 'everyone',
        title: 'New access request',
        body: `<p><strong>${escapeHtml(requester.name)}</strong> (${escapeHtml(requester.email)}) asked for access to <strong>${escapeHtml(project.title)}</strong>.</p>`,
        ctaLink: '/accessrequests',
        ctaLabel: 'Review requests',
        source: 'system',
      },
    );
  });
}

/** Request decided → the requester, in-app and by email (through the outbox). */
export function announceDecision(
  deps: AppDeps,
  project: Project,
  requesterId: string,
  approved: boolean,
  note: string | undefined,
) {
  return safely(deps, 'access request decided', async () => {
    const branding = await tenantBranding(brandingSourceOf(deps));
    const path = approved ? `/projects/${project.id}/summary` : '/projects';
    const noteHtml = note ? `<p>Note: ${escapeHtml(note)}</p>` : '';
    await sendInAppMessage(
      deps.database.db,
      {
        audience: { userId: requesterId },
        title: approved ? 'Access request approved' : 'Access request declined',
        body: approved
          ? `<p>Your request for access to <strong>${escapeHtml(project.title)}</strong> was approved. It is now in your projects.</p>${noteHtml}`
          : `<p>Your request for access to <strong>${escapeHtml(project.title)}</strong> was declined.</p>${noteHtml}`,
        ctaLink: `${deps.settings.baseUrl}${path}`,
        ctaLabel: approved ? 'Open project' : 'Your projects',
        source: 'system',
      },
      { email: { outbox: deps.outbox, branding } },
    );
  });
}

/** Claim made → platform admins. */
export function announceClaim(
  deps: AppDeps,
  project: Project,
  claimer: Person,
  organisation: { id: string; name: string },
  campaignType: string | undefined,
) {
  return safely(deps, 'project claimed', async () => {
    const admins = await platformAdmins(deps.database.db);
    const campaign = campaignType
      ? ` They asked for campaign type <strong>${escapeHtml(campaignType)}</strong>.`
      : '';
    await toEach(
      deps,
      admins.map((row) => row.id),
      {
        audience: 'everyone',
        title: 'Project claimed',
        body: `<p><strong>${escapeHtml(organisation.name)}</strong> claimed <strong>${escapeHtml(project.title)}</strong> (by ${escapeHtml(claimer.name)}, ${escapeHtml(claimer.email)}).${campaign}</p>`,
        ctaLink: `/projects/${project.id}/summary`,
        ctaLabel: 'Open project',
        source: 'system',
      },
    );
  });
}
