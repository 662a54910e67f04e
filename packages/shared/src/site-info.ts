import { DEFAULT_CONTACT_URL } from './constants.ts';
import { CAMPAIGN_TYPES, TENANTS } from './enums.ts';
import type { PartnerLogoInfo, SiteInfo } from './site.ts';

/**
 * GET /api/site's answer read as `siteInfoSchema` (site.ts) reads it, by hand: the web app awaits it
 * before its first paint, and the first page loads no schema library (decision 044: Zod would be a
 * seventh of the sign-in page's script). The same fields, types and defaults, unknown keys dropped;
 * site-info.test.ts holds the two to the same answers. A field added to the schema goes here too.
 */
type Answer = { success: true; data: SiteInfo } | { success: false; error: Error };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    values.includes(value as T);

/** The value, its default when missing, or undefined when it has the wrong type. */
function withDefault<T>(value: unknown, isValid: (value: unknown) => value is T, fallback: T): T | undefined {
  if (value === undefined) return fallback;
  return isValid(value) ? value : undefined;
}

function partnerLogosOf(value: unknown): PartnerLogoInfo[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const logos: PartnerLogoInfo[] = [];
  for (const item of value) {
    if (!isRecord(item) || !isString(item.name) || !isString(item.src) || !isString(item.alt))
      return undefined;
    logos.push({ name: item.name, src: item.src, alt: item.alt });
  }
  return logos;
}

function readSiteInfo(value: unknown): SiteInfo | null {
  if (!isRecord(value)) return null;
  const site = {
    productName: isString(value.productName) ? value.productName : undefined,
    siteName: isString(value.siteName) ? value.siteName : undefined,
    tenant: isOneOf(TENANTS)(value.tenant) ? value.tenant : undefined,
    tenantDisplayName: withDefault(value.tenantDisplayName, isString, 'Offplan'),
    portalType: withDefault(value.portalType, isString, 'OffplanCPS'),
    defaultCampaignType: withDefault(value.defaultCampaignType, isOneOf(CAMPAIGN_TYPES), 'CPS'),
    primaryColor: withDefault(value.primaryColor, isString, 'brand'),
    logoUrl: withDefault(value.logoUrl, isString, '/brand/offplan-logo.svg'),
    partnerLogos: partnerLogosOf(value.partnerLogos),
    contactUrl: withDefault(value.contactUrl, isString, DEFAULT_CONTACT_URL),
    maintenanceMode: typeof value.maintenanceMode === 'boolean' ? value.maintenanceMode : undefined,
  };
  return Object.values(site).every((field) => field !== undefined) ? (site as SiteInfo) : null;
}

/** `siteInfoSchema.safeParse`'s answer for GET /api/site, without Zod (for the web app's `apiRequest`). */
export const siteInfoCheck = {
  safeParse(value: unknown): Answer {
    const data = readSiteInfo(value);
    return data ? { success: true, data } : { success: false, error: new Error('not a site answer') };
  },
};
