import { describe, expect, it } from 'vitest';
import {
  addressLineOf,
  isValidAbn,
  ORGANISATION_MESSAGES as M,
  organisationDetailsInputSchema,
  parseAddressLine,
} from './organisation.ts';

/** The first message per field, as Mantine's schemaResolver shows them. */
function fieldMessages(values: unknown): Record<string, string> {
  const result = organisationDetailsInputSchema.safeParse(values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('isValidAbn', () => {
  it('takes real ABNs, with or without spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong length and anything not digits', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('12 345 678 901')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535560')).toBe(false);
    expect(isValidAbn('51-824-753-556')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });
});

describe('organisation details input', () => {
  it('stores an ABN as its digits and a blank one as none', () => {
    expect(organisationDetailsInputSchema.parse({ abn: ' 51 824 753 556 ' }).abn).toBe('51824753556');
    expect(organisationDetailsInputSchema.parse({ abn: '' }).abn).toBeNull();
    expect(fieldMessages({ abn: '51 824 753 557' })).toEqual({ abn: M.abnInvalid });
  });

  it('normalises the phone like the enquiry phone and refuses what is not a number', () => {
    expect(organisationDetailsInputSchema.parse({ phone: '(02) 9876 5432' }).phone).toBe('+61298765432');
    expect(fieldMessages({ phone: 'call us' })).toEqual({ phone: M.phoneInvalid });
  });

  it('takes a website without its scheme as https and refuses other schemes', () => {
    expect(organisationDetailsInputSchema.parse({ website: 'www.example.com.au' }).website).toBe(
      'https://www.example.com.au/',
    );
    expect(fieldMessages({ website: 'javascript:alert(1)' })).toEqual({ website: M.websiteInvalid });
    expect(fieldMessages({ website: 'localhost' })).toEqual({ website: M.websiteInvalid });
  });

  it('reads a blank form address as none and asks for the suburb when only a street is typed', () => {
    const blank = { street: '', suburb: '', state: '', postcode: '' };
    expect(organisationDetailsInputSchema.parse({ address: blank }).address).toBeNull();
    expect(fieldMessages({ address: { ...blank, street: '1 Main St' } })).toMatchObject({
      'address.suburb': M.localityRequired,
    });
  });

  it('asks for a name and limits about to 2,000 characters', () => {
    expect(fieldMessages({ name: '  ', about: 'x'.repeat(2001) })).toEqual({
      name: M.nameRequired,
      about: M.aboutTooLong,
    });
  });

  it('refuses keys it does not know', () => {
    expect(organisationDetailsInputSchema.safeParse({ logo: '/x.png' }).success).toBe(false);
  });
});

describe('address lines', () => {
  it('read back in parts, the street before the last comma', () => {
    const address = parseAddressLine('Level 14, 60 Margaret Street, Sydney NSW 2000');
    expect(address).toEqual({
      street: 'Level 14, 60 Margaret Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    });
    expect(addressLineOf(address!)).toBe('Level 14, 60 Margaret Street, Sydney NSW 2000');
    expect(parseAddressLine('Brisbane City QLD 4000')).toEqual({
      street: '',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
    });
    expect(parseAddressLine('somewhere nice')).toBeNull();
  });
});
