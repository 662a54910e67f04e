import { type Enquiry, enquiryInputSchema, type LeadSource } from '@offplan/shared';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ThrottleWindow } from '../../lib/throttle.ts';
import { storeEnquiry } from './enquiries.repository.ts';
import {
  checkEnquiryFormToken,
  ENQUIRY_HONEYPOT_FIELD,
  ENQUIRY_TOKEN_FIELD,
  FORM_TOKEN_MESSAGES,
} from './enquiry-form-token.ts';

/**
 * Spam limits (issue 16), counted in the database so every process shares them. Only enquiries that
 * would be stored count, so a buyer correcting a field is not held back.
 * Per client address: a household or an office behind one address may enquire on a few projects at
 * once; a script posting from one address is stopped after 10.
 */
export const ENQUIRIES_PER_ADDRESS: ThrottleWindow = { windowSeconds: 10 * 60, max: 10 };
/** Per email address: a buyer comparing projects sends a few an hour; more is a flood in their name. */
export const ENQUIRIES_PER_EMAIL: ThrottleWindow = { windowSeconds: 60 * 60, max: 5 };

export type EnquiryOutcome =
  | { kind: 'received'; leadId: number; merged: boolean }
  /** The honeypot was filled: answered as a success, nothing written. */
  | { kind: 'ignored' }
  | { kind: 'rejected'; message: string }
  | { kind: 'invalid'; message: string; fields: Record<string, string> }
  | { kind: 'limited'; message: string; retryAfterSeconds: number }
  | { kind: 'closed' }
  | { kind: 'not_found' };

export type EnquiryContext = {
  /** From the page's path (the form) or the body (the JSON call, `projectId`). */
  projectId: number | undefined;
  clientIp: string | undefined;
  log: Logger;
  source?: LeadSource;
  /** The fields as the API contract already parsed them (the JSON call): not parsed a second time. */
  parsed?: Enquiry & { projectId: number };
};

/** Built once: zod compiles a schema on its first parse, which an `.extend` per enquiry would repeat. */
const intakeSchema = enquiryInputSchema.extend({
  projectId: z.coerce.number({ error: 'Unknown project' }).int().positive('Unknown project'),
});

function limitMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many enquiries have been sent from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The one intake of an enquiry, for the no-JavaScript form post and the JSON call alike. Judged in
 * this order: the honeypot (robots learn nothing: it answers as a success), the form token (minimum
 * fill time, age, signature), the fields; then, in the one transaction that stores it, the project
 * and the limits per address and per email. The answer comes only after the commit.
 */
export async function receiveEnquiry(
  deps: AppDeps,
  raw: Record<string, unknown>,
  context: EnquiryContext,
): Promise<EnquiryOutcome> {
  const honeypot = raw[ENQUIRY_HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) {
    context.log.info({ projectId: context.projectId }, 'enquiry honeypot filled: ignored');
    deps.metrics.enquiriesAccepted.inc({ outcome: 'ignored' });
    return { kind: 'ignored' };
  }
  const secret = (await deps.auth.$context).secret;
  const token = checkEnquiryFormToken(secret, raw[ENQUIRY_TOKEN_FIELD]);
  if (token !== 'valid') {
    context.log.info({ projectId: context.projectId, token }, 'enquiry form token refused');
    return { kind: 'rejected', message: FORM_TOKEN_MESSAGES[token] };
  }
  const parsed = context.parsed
    ? { success: true as const, data: context.parsed }
    : intakeSchema.safeParse({ ...raw, projectId: context.projectId ?? raw.projectId });
  if (!parsed.success) {
    const error = validationError(parsed.error, 'body');
    return { kind: 'invalid', message: error.message, fields: error.fields ?? {} };
  }
  const { projectId, ...enquiry } = parsed.data;
  const stored = await storeEnquiry(deps.database.db, deps.queue, {
    projectId,
    enquiry,
    source: context.source ?? 'listing',
    receivedAt: new Date(),
    limits: [
      ...(context.clientIp
        ? [{ key: `enquiry-address:${context.clientIp}`, window: ENQUIRIES_PER_ADDRESS }]
        : []),
      { key: `enquiry-email:${enquiry.email}`, window: ENQUIRIES_PER_EMAIL },
    ],
  });
  if (stored.outcome === 'limited') {
    deps.metrics.rateLimitRefusals.inc({ limit: 'enquiry' });
    return {
      kind: 'limited',
      message: limitMessage(stored.retryAfterSeconds),
      retryAfterSeconds: stored.retryAfterSeconds,
    };
  }
  if (!('leadId' in stored)) return { kind: stored.outcome };
  context.log.info({ projectId, leadId: stored.leadId, outcome: stored.outcome }, 'enquiry received');
  // Counted after the commit: every enquiry counted here is in the database.
  deps.metrics.enquiriesAccepted.inc({ outcome: stored.outcome });
  return { kind: 'received', leadId: stored.leadId, merged: stored.outcome === 'merged' };
}
