import type { CampaignType, Tenant } from '@offplan/shared';
import type { TenantPartnerLogo } from '../db/schema/index.ts';

export type TenantDefaults = {
  displayName: string;
  siteName: string;
  portalType: string;
  defaultCampaignType: CampaignType;
  /** Mantine colour name for the web app. */
  primaryColor: string;
  /** The same colour as hex, for emails. */
  primaryHex: string;
  logoUrl: string;
  /** The From of its emails; null: the site name at EMAIL_FROM's address (lib/branding.ts). */
  emailFrom: string | null;
  partnerLogos: TenantPartnerLogo[];
};

const partner = (folder: string, file: string, name: string): TenantPartnerLogo => ({
  name,
  src: `/${folder}/${file}.svg`,
  alt: `${name} logo`,
});

/**
 * Spec §1 and design §8: the two tenants and what each brands. The tenants table is filled from these
 * on first use (modules/site/site.repository.ts); rows already there win, so an operator can change them.
 */
export const TENANT_DEFAULTS: Record<Tenant, (productName: string) => TenantDefaults> = {
  offplan: (product) => ({
    displayName: product,
    siteName: `${product} Portal`,
    portalType: `${product}CPS`,
    // A CPS portal: campaigns are cost per sale unless an admin says otherwise.
    defaultCampaignType: 'CPS',
    primaryColor: 'brand',
    primaryHex: '#0f7f98',
    logoUrl: '/brand/offplan-logo.svg',
    emailFrom: null,
    partnerLogos: [
      partner('partners', 'harbourline-developments', 'Harbourline Developments'),
      partner('partners', 'ironbark-residential', 'Ironbark Residential'),
      partner('partners', 'coral-coast-property', 'Coral Coast Property Group'),
      partner('partners', 'wattle-and-stone', 'Wattle & Stone'),
    ],
  }),
  ibn: () => ({
    displayName: 'IBN Lead Gen',
    siteName: 'IBN Lead Gen',
    portalType: 'IBNCPL',
    // A lead generation portal: cost per lead.
    defaultCampaignType: 'CPL',
    primaryColor: 'teal',
    primaryHex: '#099268',
    logoUrl: '/brand/ibn-logo.svg',
    emailFrom: null,
    partnerLogos: [
      partner('partners/ibn', 'summit-living', 'Summit Living'),
      partner('partners/ibn', 'bluegum-estates', 'Bluegum Estates'),
      partner('partners/ibn', 'riverbend-homes', 'Riverbend Homes'),
      partner('partners/ibn', 'northgate-urban', 'Northgate Urban'),
    ],
  }),
};
