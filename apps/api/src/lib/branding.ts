import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tenant } from '@offplan/shared';
import { TENANT_DEFAULTS } from './tenants.ts';

export type Branding = {
  tenant: Tenant;
  siteName: string;
  /** Main colour of buttons and headings in emails. */
  primaryColor: string;
  supportEmail: string;
};

/** Design §8: the tenant sets the site name and colours of every email. */
export function brandingFor(tenant: Tenant, productName: string, baseUrl: string): Branding {
  const host = new URL(baseUrl).hostname;
  const defaults = TENANT_DEFAULTS[tenant](productName);
  return {
    tenant,
    siteName: defaults.siteName,
    primaryColor: defaults.primaryHex,
    supportEmail: `support@${host}`,
  };
}

/** The tenant of the request being served (set by modules/site's tenant middleware from the host name). */
const tenantStorage = new AsyncLocalStorage<Tenant>();

export function runWithTenant<T>(tenant: Tenant, fn: () => T): T {
  return tenantStorage.run(tenant, fn);
}

/** The tenant of the current request; offplan outside one (jobs, scripts). */
export function currentTenant(): Tenant {
  return tenantStorage.getStore() ?? 'offplan';
}

/**
 * Branding that follows the request being served: each read picks the tenant of the request at that
 * moment, so long-lived objects (better-auth's email callbacks) brand every email for the right host.
 */
export function requestBranding(productName: string, baseUrl: string): Branding {
  const now = () => brandingFor(currentTenant(), productName, baseUrl);
  return {
    get tenant() {
      return now().tenant;
    },
    get siteName() {
      return now().siteName;
    },
    get primaryColor() {
      return now().primaryColor;
    },
    get supportEmail() {
      return now().supportEmail;
    },
  };
}

/** Design §8: the host name picks the tenant (TENANT_HOSTS); any other host is the default, offplan. */
export function tenantForHost(host: string | undefined, tenantHosts: Record<string, Tenant>): Tenant {
  if (!host) return 'offplan';
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[([^\]]+)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '');
  // Own keys only: a Host of 'constructor' or '__proto__' must not find Object.prototype's members.
  return Object.hasOwn(tenantHosts, name) ? (tenantHosts[name] ?? 'offplan') : 'offplan';
}
