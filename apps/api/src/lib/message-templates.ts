import type { Tenant } from '@offplan/shared';
import type { Branding } from './branding.ts';

/** An email's words and whose it is: the tenant and its From travel with it to the outbox row. */
export type EmailContent = { subject: string; text: string; html: string; tenant: Tenant; sender: string };

/** HTML-escapes text for element content and double-quoted attributes (null and undefined are empty). */
export const escapeHtml = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * One branded layout for every email: a heading, paragraphs, one button, and the same words as plain
 * text. Every paragraph is escaped here, so what a buyer or user typed shows as text. Modules with
 * their own emails (modules/leads/lead-emails.ts) build on it.
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
  const { siteName, primaryColor, logoUrl, supportEmail } = branding;
  const paragraphs = content.paragraphs
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${escapeHtml(primaryColor)};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: <a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:${escapeHtml(primaryColor)}"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(siteName)} logo" height="32" style="height:32px;vertical-align:middle;margin-right:8px;border:0">${escapeHtml(siteName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>${paragraphs}${button}${footnote}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(siteName)} · Questions? ${escapeHtml(supportEmail)}</p></td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    ...(content.footnote ? ['', content.footnote] : []),
    '',
    `${siteName} · ${supportEmail}`,
  ].join('\n');
  return { subject: content.subject, text, html, tenant: branding.tenant, sender: branding.sender };
}

export const emailTemplates = {
  verifyEmail: (branding: Branding, name: string, url: string) =>
    brandedEmail(branding, {
      subject: `Verify your email for ${branding.siteName}`,
      heading: 'Confirm your email address',
      paragraphs: [
        `Hi ${name},`,
        `Please confirm this is your email address to finish setting up your ${branding.siteName} account.`,
      ],
      action: { label: 'Verify email', url },
      footnote: 'The link works for 24 hours. If you did not create an account, you can ignore this email.',
    }),
  changeEmail: (branding: Branding, name: string, url: string) =>
    brandedEmail(branding, {
      subject: `Confirm your new email for ${branding.siteName}`,
      heading: 'Confirm your new email address',
      paragraphs: [
        `Hi ${name},`,
        'You asked to use this address for your account. Your email changes once you confirm it.',
      ],
      action: { label: 'Confirm new email', url },
      footnote: 'If you did not ask for this, ignore this email: nothing changes.',
    }),
  resetPassword: (branding: Branding, name: string, url: string) =>
    brandedEmail(branding, {
      subject: `Reset your ${branding.siteName} password`,
      heading: 'Reset your password',
      paragraphs: [
        `Hi ${name},`,
        'Someone asked to reset the password of your account. Choose a new one with the link below.',
      ],
      action: { label: 'Choose a new password', url },
      footnote:
        'The link works once, for 1 hour. Resetting signs you out everywhere else. If it was not you, ignore this email.',
    }),
  invitation: (branding: Branding, name: string, inviter: string, organisation: string | null, url: string) =>
    brandedEmail(branding, {
      subject: `You're invited to ${branding.siteName}`,
      heading: `Join ${organisation ?? branding.siteName}`,
      paragraphs: [
        `Hi ${name},`,
        `${inviter} invited you to ${branding.siteName}${organisation ? ` to work with ${organisation}` : ''}: listings, leads and reporting for your developments in one place.`,
      ],
      action: { label: 'Set your password', url },
      footnote: 'The invitation works for 7 days.',
    }),
  /** /feedback (issue 4): a user's message, sent to the team's address. */
  feedback: (
    branding: Branding,
    from: { name: string; email: string },
    category: string,
    message: string,
    page: string | undefined,
  ) =>
    brandedEmail(branding, {
      subject: `${branding.siteName} feedback: ${category}`,
      heading: `Feedback from ${from.name}`,
      paragraphs: [
        `${from.name} (${from.email}) sent feedback about ${branding.siteName}.`,
        `Category: ${category}`,
        ...(page ? [`Page: ${page}`] : []),
        ...message.split(/\n+/).filter(Boolean),
      ],
      // The outbox has no Reply-To: say where an answer goes.
      footnote: `Write to ${from.email} to answer them.`,
    }),
};

export const smsTemplates = {
  signInCode: (branding: Branding, code: string) =>
    `${code} is your ${branding.siteName} sign-in code. It expires in 5 minutes. Never share it.`,
  phoneCode: (branding: Branding, code: string) =>
    `${code} is your ${branding.siteName} code to confirm this phone number. It expires in 5 minutes.`,
};
