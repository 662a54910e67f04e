import type { Context } from 'hono';
import { audit } from '../../lib/audit.ts';
import { currentTenant } from '../../lib/branding.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import { requirePermission } from '../../middlewares/session.ts';
import { writeMaintenanceMode } from './site.repository.ts';
import { getSite, getSiteSettings, updateSiteSettings } from './site.routes.ts';
import { cachedSiteSettings, forgetSiteSettings, maintenanceIsOn, tenantInfo } from './site.state.ts';

async function settingsAnswer(c: Context<AppEnv>) {
  const stored = await cachedSiteSettings(c.get('deps'));
  return {
    maintenanceMode: stored.maintenanceMode || c.get('deps').settings.maintenanceMode,
    forcedBySetting: c.get('deps').settings.maintenanceMode,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}

export const siteRouter = createRouter();

siteRouter.use('/api/site/settings', requirePermission('settings.manage'));

siteRouter
  .openapi(getSite, async (c) => {
    const deps = c.get('deps');
    const tenant = await tenantInfo(deps, currentTenant());
    c.header('cache-control', 'no-store');
    return c.json(
      {
        productName: deps.settings.productName,
        siteName: tenant.siteName,
        tenant: tenant.id,
        tenantDisplayName: tenant.displayName,
        portalType: tenant.portalType,
        defaultCampaignType: tenant.defaultCampaignType as 'NONE' | 'CPL' | 'CPS',
        primaryColor: tenant.primaryColor,
        logoUrl: tenant.logoUrl,
        partnerLogos: tenant.partnerLogos,
        contactUrl: deps.settings.contactUrl,
        maintenanceMode: await maintenanceIsOn(deps),
      },
      200,
    );
  })
  .openapi(getSiteSettings, async (c) => c.json(await settingsAnswer(c), 200))
  .openapi(updateSiteSettings, async (c) => {
    const { maintenanceMode } = c.req.valid('json');
    await writeMaintenanceMode(c.get('deps').database.db, maintenanceMode, c.get('user')!.id);
    await audit(c, {
      action: maintenanceMode ? 'site.maintenance.on' : 'site.maintenance.off',
      targetType: 'site',
      targetId: 'global',
    });
    forgetSiteSettings(c.get('deps'));
    return c.json(await settingsAnswer(c), 200);
  });
