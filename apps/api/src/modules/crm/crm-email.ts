import {
  BUYER_TYPE_LABELS,
  type BuyerType,
  FINANCE_STATUS_LABELS,
  type LeadPayload,
  TIMEFRAME_LABELS,
} from '@offplan/shared';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/message-templates.ts';
import type { Outbox } from '../../lib/outbox.ts';
import type { AttemptOutcome } from './crm-delivery.repository.ts';

/**
 * The CRM email destination (decision 029): the lead to a CRM's inbound (lead-parsing) address as
 * fixed `Key: Value` lines a parser can be taught once, with the same JSON the webhook sends attached.
 */

export const CRM_EMAIL_TEMPLATE = 'crm-lead';

export const crmEmailSubject = (payload: LeadPayload) =>
  `New lead: ${payload.project.title} – ${payload.buyer.name}`;

/** One line per value: a line break inside a value (a message) would start a false key. */
const oneLine = (value: string | number | null) =>
  value === null
    ? ''
    : String(value)
        .replace(/\s*[\r\n]+\s*/g, ' ')
        .trim();

/** The body: always the same keys in the same order; an empty value stays as `Key:`. */
export function crmEmailLines(payload: LeadPayload): string[] {
  const lines: [string, string | number | null][] = [
    ['Lead ID', payload.id],
    ['Project', payload.project.title],
    ['Project URL', payload.project.url],
    ['Name', payload.buyer.name],
    ['Email', payload.buyer.email],
    ['Phone', payload.buyer.phone],
    ['Postcode', payload.buyer.postcode],
    ['Buyer type', BUYER_TYPE_LABELS[payload.buyerType as BuyerType] ?? payload.buyerType],
    ['Budget', payload.budget],
    ['Bedrooms', payload.bedrooms],
    ['Configuration', payload.configuration],
    ['Timeframe', payload.timeframe && TIMEFRAME_LABELS[payload.timeframe]],
    ['Finance', payload.financeStatus && FINANCE_STATUS_LABELS[payload.financeStatus]],
    ['Message', payload.message],
    ['Source', payload.test ? `${payload.source} (test lead)` : payload.source],
    ['Received', payload.createdAt],
  ];
  return lines.map(([key, value]) => {
    const text = oneLine(value);
    return text ? `${key}: ${text}` : `${key}:`;
  });
}

/**
 * Writes the CRM email to the outbox in the attempt's transaction: delivered means written (the
 * outbox's own job sends it, retrying SMTP). The id is the attempt's, so the same attempt run twice
 * writes one email.
 */
export async function writeCrmEmail(
  tx: Db,
  outbox: Outbox,
  input: { to: string; payload: LeadPayload; deliveryId: number; attempt: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const text = crmEmailLines(input.payload).join('\n');
  await outbox.send(
    {
      channel: 'email',
      to: input.to,
      subject: crmEmailSubject(input.payload),
      text,
      html: `<!doctype html><html><body><pre style="font-family:monospace">${escapeHtml(text)}</pre></body></html>`,
      template: CRM_EMAIL_TEMPLATE,
      tenant: 'offplan',
      attachments: [
        {
          filename: `lead-${input.payload.id}.json`,
          contentType: 'application/json',
          content: JSON.stringify(input.payload, null, 2),
        },
      ],
    },
    { tx, id: `crm-delivery-${input.deliveryId}-${input.attempt}` },
  );
  return { ok: true, responseCode: null, latencyMs: Math.round(performance.now() - started), error: null };
}
