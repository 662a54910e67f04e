import { FEEDBACK_LINK_DAYS } from '@offplan/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerFeedbackRequests, leads, projects, user } from '../../db/schema/index.ts';

/**
 * The SQL of buyer feedback (issue 17, decision 028): the single-use requests the job writes and the
 * public page reads and uses, and the feedback it stores.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The agent who handled a lead: its assignee, else whoever first responded. */
const handlingAgentId = sql`coalesce(${leads.assigneeId}, ${leads.firstResponseById})`;
const agentFirstName = sql<
  string | null
>`coalesce(nullif(trim(${user.firstName}), ''), split_part(${user.name}, ' ', 1))`;

/** What the feedback request email needs of a lead: the buyer, the project and the agent, if any. */
export async function feedbackLeadOf(tx: Db, leadId: number) {
  const [lead] = await tx
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      createdAt: leads.createdAt,
      projectTitle: projects.title,
      agentFirstName,
    })
    .from(leads)
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(user, sql`${user.id} = ${handlingAgentId}`)
    .where(eq(leads.id, leadId));
  return lead ?? null;
}

/**
 * The lead's feedback request, once: false when it already has one (a retried or second run of the
 * job), which then writes nothing. A run waiting on another's uncommitted row sees it once committed.
 */
export async function createFeedbackRequest(tx: Db, leadId: number, tokenHash: string, now = new Date()) {
  const created = await tx
    .insert(buyerFeedbackRequests)
    .values({
      leadId,
      tokenHash,
      sentAt: now,
      expiresAt: new Date(now.getTime() + FEEDBACK_LINK_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: buyerFeedbackRequests.leadId })
    .returning({ leadId: buyerFeedbackRequests.leadId });
  return created.length > 0;
}

export type FeedbackRequestState = 'open' | 'used' | 'expired';

export type OpenedFeedbackRequest = {
  state: FeedbackRequestState;
  projectTitle: string;
  /** The first name of the agent who handled the lead; null when nobody has yet. */
  agentFirstName: string | null;
};

/** The request a token opens, with what its page shows; null for a token no request has. */
export async function feedbackRequestOf(db: Db, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select({
      usedAt: buyerFeedbackRequests.usedAt,
      expiresAt: buyerFeedbackRequests.expiresAt,
      projectTitle: projects.title,
      agentFirstName,
    })
    .from(buyerFeedbackRequests)
    .innerJoin(leads, eq(leads.id, buyerFeedbackRequests.leadId))
    .innerJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(user, sql`${user.id} = ${handlingAgentId}`)
    .where(eq(buyerFeedbackRequests.tokenHash, tokenHash));
  if (!row) return null;
  const state: FeedbackRequestState = row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : 'open';
  return {
    state,
    projectTitle: row.projectTitle,
    agentFirstName: row.agentFirstName,
  } satisfies OpenedFeedbackRequest;
}

export type FeedbackToStore = { projectRating: number; agentRating?: number; comment?: string };

/**
 * Uses the token and stores the feedback in ONE statement: the request is marked used only while it
 * is unused and unexpired (two posts at once: the second waits on the row, then finds it used and
 * stores nothing), and the feedback takes the lead's project, buyer type and handling agent. An agent
 * rating without an agent is dropped. Answers whether it was stored.
 */
export async function storeFeedback(db: Db, tokenHash: string, input: FeedbackToStore): Promise<boolean> {
  const result = (await db.execute(sql`
    with used as (
      update buyer_feedback_requests set used_at = now()
      where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      returning lead_id
    )
    insert into buyer_feedback (lead_id, project_id, agent_id, buyer_type, project_rating, agent_rating, comment)
    select lead.id, lead.project_id, handled.agent_id, lead.buyer_type, ${input.projectRating}::smallint,
      case when handled.agent_id is null then null else ${input.agentRating ?? null}::smallint end,
      ${input.comment ?? null}::text
    from used
    join leads as lead on lead.id = used.lead_id
    cross join lateral (select coalesce(lead.assignee_id, lead.first_response_by_id) as agent_id) as handled
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.length > 0;
}
