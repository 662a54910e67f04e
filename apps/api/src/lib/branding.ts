import { AsyncLocalStorage } from 'node:async_hooks';
import type { EmailTemplateName, Tenant } from '@offplan/shared';
import type { Db } from '../db/client.ts';
import { templateOverridesOf } from '../modules/email-settings/email-settings.repository.ts';
import { loadTenants } from '../modules/site/site.repository.ts';
import { TENANT_DEFAULTS } from './tenants.ts';

export type Branding = {
  tenant: Tenant;
  siteName: string;
  /** Main colour of buttons and headings in emails (the tenant row's hex). */
  primaryColor: string;
  /** The tenant's logo as an absolute URL (mail clients cannot resolve the site's relative paths). */
  logoUrl: string;
  /** The From of the tenant's emails: its row's `email_from`, else the site name at EMAIL_FROM's address. */
  sender: string;
  supportEmail: string;
  /** The tenant's own email templates (/email-settings, decision 034); a missing one is the default. */
  templates?: Partial<Record<EmailTemplateName, { subject: string; body: string }>>;
};

/** What branding needs to know besides the tenant: the database holding the tenant rows and three settings. */
export type BrandingSource = { db: Db; productName: string; baseUrl: string; emailFrom: string };

/** The address inside a From such as 'Offplan Portal <no-reply@example.com>' (or the whole value). */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** A display name safe to put before <address>: quoted when it holds characters with a meaning in a From. */
export function displayName(name: string): string {
  const clean = name.replace(/[\r\n"\\]/g, ' ').trim();
  return /[(),.:;<>@[\]]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * Design §8 and decision 018: every email is branded from the `tenants` row of the request's host, the
 * same rows GET /api/site serves (modules/site/site.repository.ts loadTenants). Emails are rare, so the
 * row and the tenant's email templates are read fresh on each one: an admin's change reaches the next email.
 */
export async function tenantBranding(
  source: BrandingSource,
  tenant: Tenant = currentTenant(),
): Promise<Branding> {
  const [rows, templates] = await Promise.all([
    loadTenants(source.db, source.productName),
    templateOverridesOf(source.db, tenant),
  ]);
  const row = rows.get(tenant);
  const values = row ?? TENANT_DEFAULTS[tenant](source.productName);
  return {
    tenant,
    siteName: values.siteName,
    primaryColor: values.primaryHex,
    logoUrl: new URL(values.logoUrl, source.baseUrl).toString(),
    sender: values.emailFrom?.trim() || `${displayName(values.siteName)} <${addressOf(source.emailFrom)}>`,
    supportEmail: `support@${new URL(source.baseUrl).hostname}`,
    templates,
  };
}

/** The branding source of a composed app. */
export function brandingSourceOf(deps: {
  database: { db: Db };
  settings: Omit<BrandingSource, 'db'>;
}): BrandingSource {
  const { productName, baseUrl, emailFrom } = deps.settings;
  return { db: deps.database.db, productName, baseUrl, emailFrom };
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
