import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inAppMessages, member, user } from '../db/schema/index.ts';
import type { Branding } from './branding.ts';
import { escapeHtml } from './message-templates.ts';
import type { Outbox } from './outbox.ts';

/** The in-app message channel's payload for a retraction (db/auth-changes.ts IN_APP_MESSAGE_CHANNEL). */
const RETRACTED_PREFIX = 'retracted:';
export const retractionPayload = (messageId: string) => `${RETRACTED_PREFIX}${messageId}`;
/** The message id of a retraction payload, or null for anything else (`*`: announcements may be lost). */
export const retractedMessageId = (payload: string) =>
  payload.startsWith(RETRACTED_PREFIX) ? payload.slice(RETRACTED_PREFIX.length) : null;

export type InAppAudience = { userId: string } | { organisationId: string } | 'everyone';

export type InAppMessageInput = {
  audience: InAppAudience;
  title: string;
  /** HTML; the web sanitises it before rendering. */
  body: string;
  ctaLink?: string;
  ctaLabel?: string;
  thumbnail?: string;
  priorityLevel?: number;
  trigger?: 'immediate' | 'never';
  position?: 'Center' | 'TopRight' | 'BottomRight' | 'Full';
  source: 'system' | 'admin';
  createdById?: string;
};

/** Optional e-mail copy of a message (system messages that ask for it). Everyone-messages never e-mail. */
export type InAppEmailOptions = {
  /** The email copy, in the branding of the tenant row (lib/branding.ts): its name, colour, logo and From. */
  email?: { outbox: Outbox; branding: Branding };
};

const stripTags = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Writes one in-app message for the bell and pop-ups (design §5). Other modules call this for system
 * messages (access request decided, claim made, new access request); the admin composer for announcements.
 * With `options.email`, a plain-text e-mail copy goes through the outbox to each recipient (user or
 * organisation members; never to everyone).
 */
export async function sendInAppMessage(
  db: Db,
  message: InAppMessageInput,
  options: InAppEmailOptions = {},
): Promise<{ messageId: string }> {
  const id = randomUUID();
  const audience = message.audience;
  await db.insert(inAppMessages).values({
    id,
    audience: audience === 'everyone' ? 'everyone' : 'userId' in audience ? 'user' : 'organisation',
    audienceUserId: audience !== 'everyone' && 'userId' in audience ? audience.userId : null,
    audienceOrganisationId:
      audience !== 'everyone' && 'organisationId' in audience ? audience.organisationId : null,
    title: message.title,
    body: message.body,
    ctaLink: message.ctaLink || null,
    ctaLabel: message.ctaLabel || null,
    thumbnail: message.thumbnail || null,
    priorityLevel: message.priorityLevel ?? 100,
    // System messages stay in the bell unless the caller asks for a pop-up; admin ones pop up by default.
    trigger: message.trigger ?? (message.source === 'system' ? 'never' : 'immediate'),
    position: message.position ?? 'Center',
    source: message.source,
    createdById: message.createdById ?? null,
  });

  if (options.email && audience !== 'everyone') {
    const recipients =
      'userId' in audience
        ? await db.select({ email: user.email }).from(user).where(eq(user.id, audience.userId))
        : await db
            .select({ email: user.email })
            .from(member)
            .innerJoin(user, eq(member.userId, user.id))
            .where(eq(member.organizationId, audience.organisationId));
    const bodyText = stripTags(message.body);
    const link =
      message.ctaLink && /^https?:\/\//i.test(message.ctaLink)
        ? { url: message.ctaLink, label: message.ctaLabel || message.ctaLink }
        : null;
    const text = [message.title, '', bodyText, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join(
      '\n',
    );
    const { branding } = options.email;
    const html = `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif"><p style="font-weight:700;color:${escapeHtml(branding.primaryColor)}"><img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.siteName)} logo" height="32" style="height:32px;vertical-align:middle;margin-right:8px;border:0">${escapeHtml(branding.siteName)}</p><h1 style="font-size:20px">${escapeHtml(message.title)}</h1><p>${escapeHtml(bodyText)}</p>${link ? `<p><a href="${escapeHtml(link.url)}" style="color:${escapeHtml(branding.primaryColor)}">${escapeHtml(link.label)}</a></p>` : ''}<p style="color:#868e96;font-size:12px">${escapeHtml(branding.siteName)}</p></body></html>`;
    for (const recipient of recipients) {
      await options.email.outbox.send({
        channel: 'email',
        to: recipient.email,
        subject: message.title,
        text,
        html,
        template: 'in-app-message',
        tenant: branding.tenant,
        sender: branding.sender,
      });
    }
  }
  return { messageId: id };
}
