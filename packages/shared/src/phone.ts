import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/*
 * Apart from leads.ts so a bundle takes libphonenumber's metadata (about 40 KB compressed) only where a
 * phone number is checked, never with the lead constants every signed-in page needs (issue 21).
 */

/**
 * A phone number in E.164, read as Australian unless it starts with + (issue 16). Undefined when it
 * is not a valid number.
 */
export function normalisePhone(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, 'AU');
  return parsed?.isValid() ? parsed.number : undefined;
}
