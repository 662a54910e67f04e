import { audit } from '../../lib/audit.ts';
import { currentTenant } from '../../lib/branding.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import { writeMaintenanceMode } from './site.repository.ts';
import { getSite, getSiteSettings, updateSiteSettings } from './site.routes.ts';
import { cachedSiteSettings, forgetSiteSettings, maintenanceIsOn, tenantInfo } from './site.state.ts';

async function settingsAnswer(deps: AppDeps) {
  const stored = await cachedSiteSettings(deps);
  return {
    maintenanceMode: stored.maintenanceMode || deps.settings.maintenanceMode,
    forcedBySetting: deps.settings.maintenanceMode,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}

export const siteRouter = createRouter();

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
  .openapi(getSiteSettings, async (c) => c.json(await settingsAnswer(c.get('deps')), 200))
  .openapi(updateSiteSettings, async (c) => {
    const { maintenanceMode } = c.req.valid('json');
    await writeMaintenanceMode(c.get('deps').database.db, maintenanceMode, c.get('user').id);
    await audit(c, {
      action: maintenanceMode ? 'site.maintenance.on' : 'site.maintenance.off',
      targetType: 'site',
      targetId: 'global',
    });
    forgetSiteSettings(c.get('deps'));
    return c.json(await settingsAnswer(c.get('deps')), 200);
  });
