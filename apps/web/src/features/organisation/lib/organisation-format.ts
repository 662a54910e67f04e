import { formatAbn, type OrganisationDetails, type OrganisationDetailsFormValues } from '@offplan/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A stored phone (E.164) as Australians write it: "+61298765432" → "(02) 9876 5432". */
export function phoneForDisplay(phone: string | null): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone, 'AU');
  return parsed?.isValid() ? parsed.formatNational() : phone;
}

/** The details as the edit form starts: every field as its input holds it. */
export function formValuesOf(details: OrganisationDetails): OrganisationDetailsFormValues {
  return {
    name: details.name,
    abn: details.abn ? formatAbn(details.abn) : '',
    website: details.website ?? '',
    phone: phoneForDisplay(details.phone),
    address: details.address ?? { street: details.addressLine ?? '', suburb: '', state: '', postcode: '' },
    about: details.about ?? '',
    visibility: details.visibility,
  };
}

export const localityLabel = (address: { suburb: string; state: string; postcode: string }) =>
  address.suburb ? `${address.suburb} ${address.state} ${address.postcode}` : '';
