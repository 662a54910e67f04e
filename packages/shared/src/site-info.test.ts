import { describe, expect, it } from 'vitest';
import { siteInfoSchema } from './site.ts';
import { siteInfoCheck } from './site-info.ts';

const full = {
  productName: 'Offplan Portal',
  siteName: 'Offplan',
  tenant: 'ibn',
  tenantDisplayName: 'IBN Lead Gen',
  portalType: 'IBNLeadGen',
  defaultCampaignType: 'CPL',
  primaryColor: 'teal',
  logoUrl: '/brand/ibn.svg',
  partnerLogos: [{ name: 'A', src: '/a.svg', alt: 'A logo' }],
  contactUrl: 'https://example.test/contact',
  maintenanceMode: true,
};
const minimal = { productName: 'P', siteName: 'S', tenant: 'offplan', maintenanceMode: false };

const answers: [string, unknown][] = [
  ['a full answer', full],
  ['an answer from before tenants (defaults)', minimal],
  ['unknown keys', { ...full, extra: 1, partnerLogos: [{ name: 'A', src: '/a', alt: 'a', width: 10 }] }],
  ['a missing required field', { ...minimal, siteName: undefined }],
  ['an unknown tenant', { ...full, tenant: 'other' }],
  ['an unknown campaign type', { ...full, defaultCampaignType: 'CPX' }],
  ['a wrongly typed default field', { ...full, logoUrl: 3 }],
  ['a null default field', { ...full, contactUrl: null }],
  ['maintenance as a string', { ...full, maintenanceMode: 'true' }],
  ['a partner logo without alt', { ...full, partnerLogos: [{ name: 'A', src: '/a' }] }],
  ['partner logos not a list', { ...full, partnerLogos: {} }],
  ['null', null],
  ['a list', [full]],
  ['a string', 'site'],
];

describe('siteInfoCheck (GET /api/site without Zod)', () => {
  it.each(answers)('reads %s as siteInfoSchema does', (_name, answer) => {
    const byHand = siteInfoCheck.safeParse(answer);
    const bySchema = siteInfoSchema.safeParse(answer);
    expect(byHand.success).toBe(bySchema.success);
    if (byHand.success && bySchema.success) expect(byHand.data).toEqual(bySchema.data);
  });

  it('checks every field of the schema', () => {
    const parsed = siteInfoCheck.safeParse(full);
    expect(parsed.success && Object.keys(parsed.data).sort()).toEqual(
      Object.keys(siteInfoSchema.shape).sort(),
    );
  });
});
