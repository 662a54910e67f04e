import { enquiryInputSchema, type LeadSource } from '@offplan/shared';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { hitThrottle, type ThrottleWindow } from '../../lib/throttle.ts';
import { loadScoringRules } from '../lead-scoring/lead-scoring.repository.ts';
import { projectIntake, storeEnquiry } from './enquiries.repository.ts';
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
};

const projectIdSchema = z.coerce.number({ error: 'Unknown project' }).int().positive('Unknown project');

function limitMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many enquiries have been sent from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

async function overLimit(deps: AppDeps, keys: [string, ThrottleWindow][]) {
  for (const [key, window] of keys) {
    const limit = await hitThrottle(deps.database.db, key, window);
    if (!limit.allowed) {
      return {
        kind: 'limited' as const,
        message: limitMessage(limit.retryAfterSeconds),
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
  }
  return undefined;
}

/**
 * The one intake of an enquiry, for the no-JavaScript form post and the JSON call alike. Judged in
 * this order: the honeypot (robots learn nothing: it answers as a success), the form token (minimum
 * fill time, age, signature), the fields, the project, the limits per address and per email; then the
 * lead is stored and the answer comes only after the commit.
 */
export async function receiveEnquiry(
  deps: AppDeps,
  raw: Record<string, unknown>,
  context: EnquiryContext,
): Promise<EnquiryOutcome> {
  const honeypot = raw[ENQUIRY_HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null) {
    context.log.info({ projectId: context.projectId }, 'enquiry honeypot filled: ignored');
    return { kind: 'ignored' };
  }
  const secret = (await deps.auth.$context).secret;
  const token = checkEnquiryFormToken(secret, raw[ENQUIRY_TOKEN_FIELD]);
  if (token !== 'valid') {
    context.log.info({ projectId: context.projectId, token }, 'enquiry form token refused');
    return { kind: 'rejected', message: FORM_TOKEN_MESSAGES[token] };
  }
  const parsed = enquiryInputSchema
    .extend({ projectId: projectIdSchema })
    .safeParse({ ...raw, projectId: context.projectId ?? raw.projectId });
  if (!parsed.success) {
    const error = validationError(parsed.error, 'body');
    return { kind: 'invalid', message: error.message, fields: error.fields ?? {} };
  }
  const { projectId, ...enquiry } = parsed.data;
  const intake = await projectIntake(deps.database.db, projectId);
  if (intake !== 'open') return { kind: intake };
  const limited = await overLimit(deps, [
    ...(context.clientIp
      ? [[`enquiry-address:${context.clientIp}`, ENQUIRIES_PER_ADDRESS] as [string, ThrottleWindow]]
      : []),
    [`enquiry-email:${enquiry.email}`, ENQUIRIES_PER_EMAIL],
  ]);
  if (limited) return limited;
  const rules = await loadScoringRules(deps.database.db);
  const stored = await storeEnquiry(deps.database.db, deps.queue, {
    projectId,
    enquiry,
    source: context.source ?? 'listing',
    rules,
    receivedAt: new Date(),
  });
  if (!('leadId' in stored)) return { kind: stored.outcome };
  context.log.info({ projectId, leadId: stored.leadId, outcome: stored.outcome }, 'enquiry received');
  return { kind: 'received', leadId: stored.leadId, merged: stored.outcome === 'merged' };
}
