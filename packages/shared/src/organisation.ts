import { z } from 'zod';
import { AUSTRALIAN_STATES, ORGANISATION_ROLES, SALES_STATUSES, STAGES } from './enums.ts';
import { normalisePhone } from './phone.ts';
import { multilineText, text } from './text.ts';

/**
 * The caller's organisation (issue 18, decision 030 "Details" and "Whose organisation, who may"): its
 * details and logo, its members and their roles, and its projects. One contract for the API and the
 * /organisation page's forms.
 */

export const ORGANISATION_VISIBILITIES = ['public', 'private'] as const;
export type OrganisationVisibility = (typeof ORGANISATION_VISIBILITIES)[number];
export const ORGANISATION_VISIBILITY_LABELS: Record<OrganisationVisibility, string> = {
  public: 'Public',
  private: 'Private',
};
/** What each choice means, as the page explains it (decision 030). */
export const ORGANISATION_VISIBILITY_DESCRIPTIONS: Record<OrganisationVisibility, string> = {
  public: 'Shown as the developer on your listings, and people registering with your name can ask to join.',
  private: 'Not shown on your listings, and people registering cannot find it by name.',
};

export const ORGANISATION_ROLE_LABELS: Record<(typeof ORGANISATION_ROLES)[number], string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const ORGANISATION_DETAILS_LIMITS = { name: 120, website: 300, street: 200, about: 2000 } as const;
export const ORGANISATION_LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const ORGANISATION_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ORGANISATION_MESSAGES = {
  noOrganisation: 'You are not a member of an organisation',
  nameRequired: 'Enter the organisation’s name',
  abnInvalid: 'Enter a valid 11-digit ABN',
  websiteInvalid: 'Enter a web address, e.g. https://www.example.com.au',
  phoneInvalid: 'Enter a valid Australian phone number, e.g. 02 9876 5432',
  localityRequired: 'Choose the suburb from the list',
  localityUnknown: 'Choose a suburb, state and postcode from the list',
  aboutTooLong: `Use at most ${ORGANISATION_DETAILS_LIMITS.about} characters`,
  logoInvalid: 'Upload a JPEG, PNG or WebP image.',
  logoTooLarge: 'Choose an image of at most 5 MB.',
  logoRequired: 'Choose an image to upload.',
  noSuchMember: 'No such member of your organisation',
  ownerOnlyMakeOwner: 'Only an owner can make someone an owner',
  ownerOnlyChangeOwner: 'Only an owner can change or remove another owner',
  lastOwner: 'Your organisation needs at least one owner: make someone else an owner first',
} as const;

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Whether a typed ABN is valid: 11 digits once spaces are removed, passing the ATO checksum (subtract
 * 1 from the first digit, weigh the digits 10 1 3 5 7 9 11 13 15 17 19, the sum divisible by 89).
 */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/** An ABN as people read it: "51 824 753 556". */
export const formatAbn = (digits: string) =>
  digits.length === 11
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : digits;

/** '' means "none": a cleared field is stored as null. */
const blankAsNull = <T>(value: T) => (value === '' ? null : value);

const abnField = text()
  .trim()
  .max(20, ORGANISATION_MESSAGES.abnInvalid)
  .refine((value) => value === '' || isValidAbn(value), ORGANISATION_MESSAGES.abnInvalid)
  .transform((value) => blankAsNull(value.replace(/\s+/g, '')));

/** A website as typed; "www.example.com" is taken as https://www.example.com. */
function websiteOf(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.') || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

const websiteField = text()
  .trim()
  .max(ORGANISATION_DETAILS_LIMITS.website, ORGANISATION_MESSAGES.websiteInvalid)
  .transform((value, context) => {
    if (value === '') return null;
    const website = websiteOf(value);
    if (!website) {
      context.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.websiteInvalid });
      return z.NEVER;
    }
    return website;
  });

/** Normalised like the enquiry phone (E.164, read as Australian unless it starts with +). */
const phoneField = text()
  .trim()
  .max(40, ORGANISATION_MESSAGES.phoneInvalid)
  .transform((value, context) => {
    if (value === '') return null;
    const phone = normalisePhone(value);
    if (!phone) {
      context.addIssue({ code: 'custom', message: ORGANISATION_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

/** An address: the street as typed, the locality chosen from the bundled gazetteer. */
export const organisationAddressSchema = z.object({
  street: text().trim().max(ORGANISATION_DETAILS_LIMITS.street, `Use at most 200 characters`),
  suburb: text().trim().min(1, ORGANISATION_MESSAGES.localityRequired).max(100),
  state: z.enum(AUSTRALIAN_STATES, ORGANISATION_MESSAGES.localityRequired),
  postcode: text()
    .trim()
    .regex(/^\d{4}$/, ORGANISATION_MESSAGES.localityRequired),
});
export type OrganisationAddress = z.output<typeof organisationAddressSchema>;

/** The form's address: every part blank means "no address". */
const isBlankAddress = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((part) => typeof part !== 'string' || part.trim() === ''));

const addressField = z.preprocess(
  (value) => (isBlankAddress(value) ? null : value),
  organisationAddressSchema.nullable(),
);

/**
 * PATCH /api/organisation: the details to change (keys left out stay as they are). The page's form
 * sends every field and validates with this schema, so both refuse the same input with the same message.
 */
export const organisationDetailsInputSchema = z
  .object({
    name: text({ error: ORGANISATION_MESSAGES.nameRequired })
      .trim()
      .min(1, ORGANISATION_MESSAGES.nameRequired)
      .max(ORGANISATION_DETAILS_LIMITS.name, `Use at most ${ORGANISATION_DETAILS_LIMITS.name} characters`),
    abn: abnField,
    website: websiteField,
    phone: phoneField,
    address: addressField,
    about: multilineText()
      .trim()
      .max(ORGANISATION_DETAILS_LIMITS.about, ORGANISATION_MESSAGES.aboutTooLong)
      .transform(blankAsNull),
    visibility: z.enum(ORGANISATION_VISIBILITIES, 'Choose who can see your organisation'),
  })
  .partial()
  .strict();
export type OrganisationDetailsInput = z.input<typeof organisationDetailsInputSchema>;
export type OrganisationDetailsUpdate = z.output<typeof organisationDetailsInputSchema>;

/** The form's values: every field as the inputs hold it (blank = none). */
export type OrganisationDetailsFormValues = {
  name: string;
  abn: string;
  website: string;
  phone: string;
  address: { street: string; suburb: string; state: string; postcode: string };
  about: string;
  visibility: OrganisationVisibility;
};

const isoDateTime = z.string();

/** GET/PATCH /api/organisation: the caller's organisation. */
export const organisationDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 11 digits, or null. */
  abn: z.string().nullable(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  /** E.164 when saved here (older rows as they were typed). */
  phone: z.string().nullable(),
  /** The address in parts when it reads as "street, Suburb STATE 0000"; null otherwise. */
  address: organisationAddressSchema.nullable(),
  /** The address as one line, as stored. */
  addressLine: z.string().nullable(),
  about: z.string().nullable(),
  visibility: z.enum(ORGANISATION_VISIBILITIES),
  createdAt: isoDateTime,
  /** The caller's role, and whether it may change the details, logo and members (owners and admins). */
  yourRole: z.enum(ORGANISATION_ROLES),
  canManage: z.boolean(),
  memberCount: z.number().int(),
  projectCount: z.number().int(),
});
export type OrganisationDetails = z.infer<typeof organisationDetailsSchema>;

/** POST/DELETE /api/organisation/logo. */
export const organisationLogoSchema = z.object({ logoUrl: z.string().nullable() });

/** One member of the caller's organisation. */
export const organisationMemberSchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  role: z.enum(ORGANISATION_ROLES),
  joinedAt: isoDateTime,
  /** The newest session's start; null when they have none on record. */
  lastSignInAt: isoDateTime.nullable(),
  isYou: z.boolean(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;
export const organisationMemberListSchema = z.object({ items: z.array(organisationMemberSchema) });

/** PATCH /api/organisation/members/{memberId}. */
export const organisationMemberRoleInputSchema = z.object({
  role: z.enum(ORGANISATION_ROLES, 'Choose a role'),
});
export type OrganisationMemberRoleInput = z.input<typeof organisationMemberRoleInputSchema>;

/** One project of the caller's organisation. */
export const organisationProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  suburb: z.string(),
  state: z.enum(AUSTRALIAN_STATES),
  stage: z.enum(STAGES),
  salesStatus: z.enum(SALES_STATUSES),
  leadsLast30Days: z.number().int(),
  updatedAt: isoDateTime,
});
export type OrganisationProject = z.infer<typeof organisationProjectSchema>;
export const organisationProjectListSchema = z.object({ items: z.array(organisationProjectSchema) });

const ADDRESS_LINE = new RegExp(`^(?:(.*),\\s*)?(.+?)\\s+(${AUSTRALIAN_STATES.join('|')})\\s+(\\d{4})$`);

/** "12 Smith St, Pyrmont NSW 2009" in parts; null when a stored line does not read that way. */
export function parseAddressLine(line: string | null | undefined): OrganisationAddress | null {
  const match = line?.trim().match(ADDRESS_LINE);
  if (!match) return null;
  const [, street = '', suburb = '', state = '', postcode = ''] = match;
  return {
    street: street.trim(),
    suburb: suburb.trim(),
    state: state as OrganisationAddress['state'],
    postcode,
  };
}

/** The one line an address is stored and shown as. */
export const addressLineOf = (address: OrganisationAddress) =>
  `${address.street ? `${address.street}, ` : ''}${address.suburb} ${address.state} ${address.postcode}`;
