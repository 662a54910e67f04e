export type PartnerLogo = { name: string; src: string; alt: string };

/**
 * The four partner developer logos of the sign-in welcome panel (spec §1). Fictional developers for
 * the demo; a tenant (design §8) will choose its own set here.
 */
export const PARTNER_LOGOS: readonly PartnerLogo[] = [
  {
    name: 'Harbourline Developments',
    src: '/partners/harbourline-developments.svg',
    alt: 'Harbourline Developments logo',
  },
  {
    name: 'Ironbark Residential',
    src: '/partners/ironbark-residential.svg',
    alt: 'Ironbark Residential logo',
  },
  {
    name: 'Coral Coast Property Group',
    src: '/partners/coral-coast-property.svg',
    alt: 'Coral Coast Property Group logo',
  },
  { name: 'Wattle & Stone', src: '/partners/wattle-and-stone.svg', alt: 'Wattle & Stone logo' },
];
