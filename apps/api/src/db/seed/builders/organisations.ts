import { DEMO_ORGS } from '../catalog.ts';
import type { Rng } from '../prng.ts';
import { daysBefore, type OrgRow } from './common.ts';

/** An 11-digit ABN that passes the ATO checksum, formatted "12 345 678 901". */
function makeAbn(rng: Rng): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  for (;;) {
    const digits = [rng.int(1, 9), ...Array.from({ length: 10 }, () => rng.int(0, 9))];
    const sum = digits.reduce(
      (total, digit, index) => total + (index === 0 ? digit - 1 : digit) * weights[index]!,
      0,
    );
    if (sum % 89 === 0) {
      const s = digits.join('');
      return `${s.slice(0, 2)} ${s.slice(2, 5)} ${s.slice(5, 8)} ${s.slice(8)}`;
    }
  }
}

/** The demo organisations; draws their ABNs from `rng` (before the people draw theirs). */
export function buildOrganisations(rng: Rng, now: number): OrgRow[] {
  return DEMO_ORGS.map((o) => ({
    id: o.id,
    name: o.name,
    slug: o.slug,
    logo: null,
    createdAt: daysBefore(now, o.joinedDaysAgo),
    metadata: null,
    abn: makeAbn(rng),
    website: `https://www.${o.domain}`,
    phone: o.phone,
    address: o.address,
    about: o.about,
    visibility: 'public',
    tenant: 'offplan',
  }));
}
