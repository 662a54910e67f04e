import { randomUUID } from 'node:crypto';
import { FEEDBACK_LIST_LIMIT, type FeedbackCategory, type Tenant } from '@offplan/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedback, user } from '../../db/schema/index.ts';

export async function insertFeedback(
  db: Db,
  row: {
    userId: string;
    email: string;
    tenant: Tenant;
    category: FeedbackCategory;
    message: string;
    page: string | undefined;
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(feedback).values({ id, ...row, page: row.page ?? null });
  return id;
}

export async function latestFeedback(db: Db) {
  const rows = await db
    .select({
      id: feedback.id,
      category: feedback.category,
      message: feedback.message,
      page: feedback.page,
      email: feedback.email,
      userId: feedback.userId,
      userName: user.name,
      tenant: feedback.tenant,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(FEEDBACK_LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    category: row.category as FeedbackCategory,
    createdAt: row.createdAt.toISOString(),
  }));
}
