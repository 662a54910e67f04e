import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user as userTable } from '../../db/schema/index.ts';

/** The phone number on record for an email (lower-cased by the caller), or null when none. */
export async function phoneNumberOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: userTable.phoneNumber })
    .from(userTable)
    .where(eq(userTable.email, email));
  return row?.phoneNumber ?? null;
}
