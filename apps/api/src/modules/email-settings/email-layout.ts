import type { Tenant } from '@offplan/shared';
import type { Branding } from '../../lib/branding.ts';

/**
 * The branded frame of every email and its parts (re-exported by lib/message-templates.ts): here so that
 * the template renderer and the fixed emails share it without importing each other.
 */

/** An email's words and whose it is: the tenant and its From travel with it to the outbox row. */
export type EmailContent = { subject: string; text: string; html: string; tenant: Tenant; sender: string };

/** A list or button a template places with one variable: finished HTML (escaped) and its plain-text lines. */
export type EmailBlock = { html: string; text: string };

/** HTML-escapes text for element content and double-quoted attributes (null and undefined are empty). */
export const escapeHtml = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Inline styles of the layout's parts, shared by the fixed emails and the editable templates. */
const STYLE = {
  p: 'margin:0 0 16px',
  h1: 'margin:0 0 16px;font-size:22px',
  small: 'font-size:13px;color:#555',
};

/** The branded button and the link written out beneath it (a template's `{{button}}`). */
export function actionBlock(branding: Branding, action: { label: string; url: string }): EmailBlock {
  const url = escapeHtml(action.url);
  return {
    html: `<p style="margin:24px 0"><a href="${url}" style="background:${escapeHtml(branding.primaryColor)};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: <a href="${url}">${url}</a></p>`,
    text: `\n${action.label}: ${action.url}\n`,
  };
}

/** Lines of text as paragraphs (escaped) and as plain-text lines: a list variable of a template. */
export function linesBlock(lines: readonly string[]): EmailBlock {
  return {
    html: lines.map((line) => `<p style="${STYLE.p}">${escapeHtml(line)}</p>`).join('\n'),
    text: lines.join('\n'),
  };
}

/** The frame around every email: the logo and site name above, the support line below. */
export function brandedLayout(branding: Branding, subject: string, body: { html: string; text: string }) {
  const { siteName, primaryColor, logoUrl, supportEmail } = branding;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:${escapeHtml(primaryColor)}"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(siteName)} logo" height="32" style="height:32px;vertical-align:middle;margin-right:8px;border:0">${escapeHtml(siteName)}</p>
${body.html}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(siteName)} · Questions? ${escapeHtml(supportEmail)}</p></td></tr>
</table></td></tr></table></body></html>`;
  const text = `${body.text.trim()}\n\n${siteName} · ${supportEmail}`;
  return { subject, text, html, tenant: branding.tenant, sender: branding.sender };
}

/**
 * One branded layout for every email: a heading, paragraphs, one button, and the same words as plain
 * text. Every paragraph is escaped here, so what a user typed shows as text. The emails admins may edit
 * go through `renderEmailTemplate` (./email-template-renderer.ts) into the same layout.
 */
export function brandedEmail(
  branding: Branding,
  content: {
    subject: string;
    heading: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    footnote?: string;
  },
): EmailContent {
  const paragraphs = linesBlock(content.paragraphs);
  const button = content.action ? actionBlock(branding, content.action) : null;
  const html = [
    `<h1 style="${STYLE.h1}">${escapeHtml(content.heading)}</h1>`,
    paragraphs.html,
    button?.html ?? '',
    content.footnote ? `<p style="${STYLE.p};${STYLE.small}">${escapeHtml(content.footnote)}</p>` : '',
  ].join('');
  const text = [
    content.heading,
    '',
    paragraphs.text,
    ...(button ? [button.text.trimEnd()] : []),
    ...(content.footnote ? ['', content.footnote] : []),
  ].join('\n');
  return brandedLayout(branding, content.subject, { html, text });
}

/** Inline styles the template renderer puts on the tags a template body may hold. */
export const TEMPLATE_TAG_STYLES: Record<string, string> = STYLE;
