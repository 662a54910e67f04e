import { TENANTS, type Tenant } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings, tenants, user } from '../../db/schema/index.ts';
import { TENANT_DEFAULTS } from '../../lib/tenants.ts';

export const GLOBAL_SETTINGS_ID = 'global';

export type StoredSiteSettings = {
  maintenanceMode: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

export async function readSiteSettings(db: Db): Promise<StoredSiteSettings> {
  const [row] = await db
    .select({
      maintenanceMode: siteSettings.maintenanceMode,
      updatedAt: siteSettings.updatedAt,
      updatedBy: user.name,
    })
    .from(siteSettings)
    .leftJoin(user, eq(user.id, siteSettings.updatedById))
    .where(eq(siteSettings.id, GLOBAL_SETTINGS_ID));
  return row ?? { maintenanceMode: false, updatedAt: null, updatedBy: null };
}

export async function writeMaintenanceMode(db: Db, maintenanceMode: boolean, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(siteSettings)
    .values({ id: GLOBAL_SETTINGS_ID, maintenanceMode, updatedAt: now, updatedById: userId })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { maintenanceMode, updatedAt: now, updatedById: userId },
    });
}

export type TenantRow = typeof tenants.$inferSelect;

/** All tenants, filling the table from lib/tenants.ts the first time (rows already there are kept). */
export async function loadTenants(db: Db, productName: string): Promise<Map<Tenant, TenantRow>> {
  let rows = await db.select().from(tenants);
  if (rows.length < TENANTS.length) {
    await db
      .insert(tenants)
      .values(TENANTS.map((id) => ({ id, ...TENANT_DEFAULTS[id](productName) })))
      .onConflictDoNothing({ target: tenants.id });
    rows = await db.select().from(tenants);
  }
  return new Map(
    rows
      .filter((row) => (TENANTS as readonly string[]).includes(row.id))
      .map((row) => [row.id as Tenant, row]),
  );
}
