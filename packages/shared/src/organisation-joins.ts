import { z } from 'zod';
import { isValidAbn, ORGANISATION_MESSAGES } from './organisation.ts';
import { text } from './text.ts';

/**
 * Issue 18 items 1–3 (decision 030 "Join requests"): how people come to an organisation when they
 * register, and how platform admins create organisations and move people between them.
 */

/** Words that do not tell two organisations apart ("Harbourline Pty Ltd" is "Harbourline"). */
const NOISE_WORDS = new Set([
  'pty',
  'ltd',
  'limited',
  'proprietary',
  'the',
  'group',
  'holdings',
  'australia',
]);

/**
 * Decision 030's rule: lower case, `&` → and, punctuation and the noise words removed, spaces
 * collapsed. Two names with the same result are the same organisation.
 */
export function normaliseOrganisationName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word && !NOISE_WORDS.has(word))
    .join(' ');
}

/**
 * Mail services anyone can sign up to: sharing one says nothing about sharing an employer, so these
 * never match an organisation by email domain.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'yahoo.com.au',
  'icloud.com',
  'me.com',
  'bigpond.com',
  'bigpond.net.au',
  'optusnet.com.au',
  'protonmail.com',
  'proton.me',
  'aol.com',
  'msn.com',
]);

/** The domain of an address, lower case ('' when there is none). */
export const emailDomainOf = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** Whether an email's domain may match an organisation (not a public mail service's). */
export const isOrganisationMailDomain = (domain: string) =>
  domain.includes('.') && !PUBLIC_MAIL_DOMAINS.has(domain);

export const JOIN_REQUEST_MATCHES = ['name', 'domain'] as const;
export type JoinRequestMatch = (typeof JOIN_REQUEST_MATCHES)[number];

/** One pending join request as the organisation page lists it. */
export const organisationJoinRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** When they registered (ISO). */
  registeredAt: z.string(),
  /** Whether the organisation's name or an owner's email domain matched. */
  matchedBy: z.enum(JOIN_REQUEST_MATCHES),
});
export type OrganisationJoinRequest = z.infer<typeof organisationJoinRequestSchema>;

export const organisationJoinRequestListSchema = z.object({ items: z.array(organisationJoinRequestSchema) });
export type OrganisationJoinRequestList = z.infer<typeof organisationJoinRequestListSchema>;

export const JOIN_REQUEST_DECISIONS = ['APPROVE', 'DECLINE'] as const;
export type JoinRequestDecision = (typeof JOIN_REQUEST_DECISIONS)[number];

export const joinRequestDecisionInputSchema = z.object({ decision: z.enum(JOIN_REQUEST_DECISIONS) });
export type JoinRequestDecisionInput = z.infer<typeof joinRequestDecisionInputSchema>;

/** The answer to a decision: what became of the request, and the organisation the person is now in. */
export const joinRequestDecisionAnswerSchema = z.object({
  id: z.number().int(),
  status: z.enum(['APPROVED', 'DECLINED']),
  organisation: z.object({ id: z.string(), name: z.string() }),
});
export type JoinRequestDecisionAnswer = z.infer<typeof joinRequestDecisionAnswerSchema>;

export const ORGANISATION_NAME_MAX = 120;

/** An ABN as typed (spaces allowed), answered as its 11 digits. */
const abnInput = text()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .refine(isValidAbn, ORGANISATION_MESSAGES.abnInvalid);

const organisationNameInput = text()
  .trim()
  .min(1, 'Enter the name of the organisation.')
  .max(ORGANISATION_NAME_MAX, `At most ${ORGANISATION_NAME_MAX} characters.`)
  .refine((name) => normaliseOrganisationName(name) !== '', 'Enter a name with letters or digits.');

/** POST /api/admin/organisations: a platform admin creates an organisation (no members yet). */
export const adminOrganisationInputSchema = z.object({
  name: organisationNameInput,
  abn: z.union([abnInput, z.literal('').transform(() => undefined)]).optional(),
});
export type AdminOrganisationInput = z.input<typeof adminOrganisationInputSchema>;

export const adminOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  abn: z.string().nullable(),
  members: z.number().int(),
});
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const ADMIN_ORGANISATIONS_LIMIT = 50;

/** GET /api/admin/organisations: searched by name, for the "Move to organisation" picker. */
export const adminOrganisationsQuerySchema = z.object({
  q: text().trim().max(200).optional(),
});

export const adminOrganisationListSchema = z.object({ items: z.array(adminOrganisationSchema) });
export type AdminOrganisationList = z.infer<typeof adminOrganisationListSchema>;

/** Where an admin may place someone: as a member or as an owner (decision 030). */
export const ADMIN_MOVE_ROLES = ['member', 'owner'] as const;

/** PUT /api/admin/users/{userId}/organisation. */
export const adminUserOrganisationInputSchema = z.object({
  organisationId: text().trim().min(1, 'Choose an organisation.').max(100),
  role: z.enum(ADMIN_MOVE_ROLES),
});
export type AdminUserOrganisationInput = z.infer<typeof adminUserOrganisationInputSchema>;

export const adminUserOrganisationAnswerSchema = z.object({
  userId: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  role: z.enum(ADMIN_MOVE_ROLES),
});
export type AdminUserOrganisationAnswer = z.infer<typeof adminUserOrganisationAnswerSchema>;

export const ORGANISATION_JOIN_MESSAGES = {
  noOrganisation: 'You are not in an organisation yet.',
  alreadyDecided: 'This request was already decided.',
  noSuchRequest: 'No such join request.',
  nameTaken: 'An organisation with this name already exists.',
  noSuchOrganisation: 'No such organisation.',
  noSuchUser: 'No such user.',
  lastOwner: 'They are the last owner of their organisation: make someone else an owner first.',
  notForAdmins: 'Platform admins are not members of organisations.',
} as const;
