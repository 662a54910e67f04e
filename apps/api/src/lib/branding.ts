import type { Tenant } from '@offplan/shared';

export type Branding = {
  tenant: Tenant;
  siteName: string;
  /** Main colour of buttons and headings in emails. */
  primaryColor: string;
  supportEmail: string;
};

/** Design §8: the tenant sets the site name and colours; issue 4 chooses the tenant by host name. */
export function brandingFor(tenant: Tenant, productName: string, baseUrl: string): Branding {
  const host = new URL(baseUrl).hostname;
  if (tenant === 'ibn') {
    return { tenant, siteName: 'IBN Lead Gen', primaryColor: '#0b7285', supportEmail: `support@${host}` };
  }
  return {
    tenant,
    siteName: `${productName} Portal`,
    primaryColor: '#1864ab',
    supportEmail: `support@${host}`,
  };
}
