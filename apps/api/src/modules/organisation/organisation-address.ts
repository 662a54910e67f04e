import type { OrganisationAddress } from '@offplan/shared';
import { searchGazetteer } from '../gazetteer/gazetteer.search.ts';

/**
 * The address with its locality as the bundled gazetteer spells it, or null when the suburb, state and
 * postcode are not one of its localities (decision 030: the street stays as typed; the gazetteer has
 * no streets).
 */
export function checkedAddress(address: OrganisationAddress): OrganisationAddress | null {
  const suburb = address.suburb.toLowerCase();
  const match = searchGazetteer(`${address.suburb} ${address.state} ${address.postcode}`, 25).find(
    (result) =>
      result.suburb.toLowerCase() === suburb &&
      result.state === address.state &&
      result.postcode === address.postcode,
  );
  return match ? { ...address, suburb: match.suburb } : null;
}
