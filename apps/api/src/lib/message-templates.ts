import { EMAIL_TEMPLATE_DEFAULTS, type EmailTemplateName } from '@offplan/shared';
import { actionBlock, brandedEmail } from '../modules/email-settings/email-layout.ts';
import { renderEmailTemplate } from '../modules/email-settings/email-template-renderer.ts';
import type { Branding } from './branding.ts';

export {
  actionBlock,
  brandedEmail,
  brandedLayout,
  type EmailBlock,
  type EmailContent,
  escapeHtml,
  linesBlock,
  TEMPLATE_TAG_STYLES,
} from '../modules/email-settings/email-layout.ts';

/** A template's `{{button}}`: its action's words and the link. */
export const button = (branding: Branding, name: EmailTemplateName, url: string) =>
  actionBlock(branding, { label: EMAIL_TEMPLATE_DEFAULTS[name].action, url });

/**
 * The account emails. Verification, password reset and invitation are editable templates (decision 034,
 * /email-settings): their words live in packages/shared email-settings.ts and the tenant's overrides.
 */
export const emailTemplates = {
  verifyEmail: (branding: Branding, name: string, url: string) =>
    renderEmailTemplate(
      branding,
      'verify-email',
      { name, url },
      { button: button(branding, 'verify-email', url) },
    ),
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
    renderEmailTemplate(
      branding,
      'reset-password',
      { name, url },
      { button: button(branding, 'reset-password', url) },
    ),
  invitation: (branding: Branding, name: string, inviter: string, organisation: string | null, url: string) =>
    renderEmailTemplate(
      branding,
      'invitation',
      {
        name,
        inviter,
        joining: organisation ?? branding.siteName,
        organisationPart: organisation ? ` to work with ${organisation}` : '',
        url,
      },
      { button: button(branding, 'invitation', url) },
    ),
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
