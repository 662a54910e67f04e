import { randomUUID } from 'node:crypto';
import type { InterestProduct } from '@offplan/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productInterest, user } from '../../db/schema/index.ts';

export async function findInterest(db: Db, userId: string, product: InterestProduct) {
  const [row] = await db
    .select({ note: productInterest.note, createdAt: productInterest.createdAt })
    .from(productInterest)
    .where(and(eq(productInterest.userId, userId), eq(productInterest.product, product)));
  return row
    ? { registered: true, note: row.note, createdAt: row.createdAt.toISOString() }
    : { registered: false, note: null, createdAt: null };
}

/** One row per user and product whatever the number of clicks; a note given later replaces the earlier one. */
export async function upsertInterest(
  db: Db,
  userId: string,
  product: InterestProduct,
  note: string | undefined,
) {
  const insert = db.insert(productInterest).values({ id: randomUUID(), userId, product, note: note ?? null });
  await (note === undefined
    ? insert.onConflictDoNothing({ target: [productInterest.userId, productInterest.product] })
    : insert.onConflictDoUpdate({
        target: [productInterest.userId, productInterest.product],
        set: { note },
      }));
}

export async function listInterestFor(db: Db, product: InterestProduct) {
  const [total] = await db
    .select({ value: count() })
    .from(productInterest)
    .where(eq(productInterest.product, product));
  const rows = await db
    .select({
      userId: productInterest.userId,
      name: user.name,
      email: user.email,
      note: productInterest.note,
      createdAt: productInterest.createdAt,
    })
    .from(productInterest)
    .innerJoin(user, eq(user.id, productInterest.userId))
    .where(eq(productInterest.product, product))
    .orderBy(desc(productInterest.createdAt))
    .limit(500);
  return {
    total: total?.value ?? 0,
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
