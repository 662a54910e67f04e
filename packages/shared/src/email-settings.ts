import { z } from 'zod';
import { TENANTS } from './enums.ts';
import { multilineText, text } from './text.ts';

/**
 * /email-settings (issue 19 item 4, decision 034): the sender of each tenant, the new-lead recipients of
 * each project, and the portal's email templates (subject and body, Handlebars variables only).
 */

export const EMAIL_TEMPLATE_NAMES = [
  'verify-email',
  'reset-password',
  'invitation',
  'lead-new',
  'lead-digest',
  'lead-speed-alert',
  'buyer-feedback-request',
] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number];

/**
 * A variable of a template. A `block` is built by the portal (a button, the lead's details, the digest's
 * list): it renders as finished, escaped HTML in the email and as lines in its plain-text part.
 */
export type EmailTemplateVariable = { name: string; description: string; sample: string; block?: boolean };

/** Every template may use these. */
export const COMMON_EMAIL_VARIABLES: EmailTemplateVariable[] = [
  { name: 'siteName', description: "The tenant's site name", sample: 'Offplan Portal' },
  { name: 'supportEmail', description: 'The support address', sample: 'support@offplan.example' },
];

const button = (label: string): EmailTemplateVariable => ({
  name: 'button',
  description: `The "${label}" button, with the link written out beneath it`,
  sample: label,
  block: true,
});
const url: EmailTemplateVariable = {
  name: 'url',
  description: 'The link itself',
  sample: 'https://offplan.example/link',
};

export type EmailTemplateDefinition = {
  name: EmailTemplateName;
  label: string;
  /** When the portal sends it. */
  description: string;
  /** The words of the button (`{{button}}`). */
  action: string;
  variables: EmailTemplateVariable[];
  subject: string;
  body: string;
};

const footnote = (words: string) => `<p><small>${words}</small></p>`;

/** The defaults: the words the emails said before templates could be edited. */
export const EMAIL_TEMPLATE_DEFAULTS: Record<EmailTemplateName, EmailTemplateDefinition> = {
  'verify-email': {
    name: 'verify-email',
    label: 'Email verification',
    description: 'Sent when someone registers, to confirm their email address.',
    action: 'Verify email',
    variables: [
      { name: 'name', description: "The person's first name", sample: 'Nina' },
      url,
      button('Verify email'),
    ],
    subject: 'Verify your email for {{siteName}}',
    body: [
      '<h1>Confirm your email address</h1>',
      '<p>Hi {{name}},</p>',
      '<p>Please confirm this is your email address to finish setting up your {{siteName}} account.</p>',
      '{{button}}',
      footnote('The link works for 24 hours. If you did not create an account, you can ignore this email.'),
    ].join('\n'),
  },
  'reset-password': {
    name: 'reset-password',
    label: 'Password reset',
    description: 'Sent when someone asks to reset their password.',
    action: 'Choose a new password',
    variables: [
      { name: 'name', description: "The person's first name", sample: 'Nina' },
      url,
      button('Choose a new password'),
    ],
    subject: 'Reset your {{siteName}} password',
    body: [
      '<h1>Reset your password</h1>',
      '<p>Hi {{name}},</p>',
      '<p>Someone asked to reset the password of your account. Choose a new one with the link below.</p>',
      '{{button}}',
      footnote(
        'The link works once, for 1 hour. Resetting signs you out everywhere else. If it was not you, ignore this email.',
      ),
    ].join('\n'),
  },
  invitation: {
    name: 'invitation',
    label: 'Invitation',
    description: 'Sent when an admin or an organisation owner invites someone.',
    action: 'Set your password',
    variables: [
      { name: 'name', description: "The invitee's first name", sample: 'Nina' },
      { name: 'inviter', description: 'Who invited them', sample: 'Oscar Owner' },
      {
        name: 'joining',
        description: 'The organisation they join, or the site name when they join none',
        sample: 'Harbour Developments',
      },
      {
        name: 'organisationPart',
        description: '" to work with <organisation>", or nothing when they join no organisation',
        sample: ' to work with Harbour Developments',
      },
      url,
      button('Set your password'),
    ],
    subject: "You're invited to {{siteName}}",
    body: [
      '<h1>Join {{joining}}</h1>',
      '<p>Hi {{name}},</p>',
      '<p>{{inviter}} invited you to {{siteName}}{{organisationPart}}: listings, leads and reporting for your developments in one place.</p>',
      '{{button}}',
      footnote('The invitation works for 7 days.'),
    ].join('\n'),
  },
  'lead-new': {
    name: 'lead-new',
    label: 'New lead',
    description: "Sent at once to each of the project's lead recipients when a lead arrives.",
    action: 'Open lead',
    variables: [
      {
        name: 'leadName',
        description: "The buyer's name (masked for roles that may not see it)",
        sample: 'Nina Nguyen',
      },
      { name: 'projectTitle', description: 'The project enquired on', sample: 'Quay Residences' },
      {
        name: 'details',
        description: "The lead's contact details, answers and message, one per line",
        sample: 'Email: nina@buyers.example',
        block: true,
      },
      {
        name: 'score',
        description: 'The score and its three largest reasons',
        sample: 'Score 65/100: +20 Finance pre-approved, +15 Buying within 3 months',
      },
      {
        name: 'note',
        description: 'Why to answer quickly, or that contact details are hidden for the reader',
        sample: 'Answer quickly: your response time is measured from this enquiry.',
      },
      url,
      button('Open lead'),
    ],
    subject: 'New enquiry: {{projectTitle}} — {{leadName}}',
    body: [
      '<h1>New enquiry on {{projectTitle}}</h1>',
      '<p>{{leadName}} enquired on {{projectTitle}}.</p>',
      '{{details}}',
      '<p>{{score}}</p>',
      '{{button}}',
      footnote('{{note}}'),
    ].join('\n'),
  },
  'lead-digest': {
    name: 'lead-digest',
    label: 'Lead digest',
    description: 'Sent each morning to the users who chose the daily lead digest.',
    action: 'Open leads',
    variables: [
      { name: 'dayLabel', description: 'The day the digest covers', sample: 'Monday 23 November' },
      { name: 'count', description: 'How many new leads, in words', sample: '3 new leads' },
      {
        name: 'leads',
        description: 'The leads, one line each: project, name, buyer type, score, contact',
        sample: 'Quay Residences: Nina Nguyen (Investor), score 65, nina@buyers.example, +61400000000',
        block: true,
      },
      {
        name: 'more',
        description: '"And N more on the leads page." when the list is cut short, else nothing',
        sample: 'And 2 more on the leads page.',
        block: true,
      },
      url,
      button('Open leads'),
    ],
    subject: 'Your leads digest for {{dayLabel}}: {{count}}',
    body: [
      '<h1>{{count}} in the last 24 hours</h1>',
      '{{leads}}',
      '{{more}}',
      '{{button}}',
      footnote('You receive this because you chose the daily lead digest on your profile.'),
    ].join('\n'),
  },
  'lead-speed-alert': {
    name: 'lead-speed-alert',
    label: 'Speed-to-lead alert',
    description: "Sent when a lead has had no answer within the organisation's response target.",
    action: 'Open lead',
    variables: [
      { name: 'buyerName', description: "The buyer's name", sample: 'Nina Nguyen' },
      { name: 'projectTitle', description: 'The project enquired on', sample: 'Quay Residences' },
      { name: 'minutesWaiting', description: 'Minutes since the enquiry', sample: '20' },
      url,
      button('Open lead'),
    ],
    subject: 'Lead waiting: {{buyerName}} on {{projectTitle}}',
    body: [
      '<h1>A lead is waiting for an answer</h1>',
      '<p>Lead waiting: {{buyerName}} on {{projectTitle}} has had no response for {{minutesWaiting}} minutes.</p>',
      '<p>Contact the buyer and move the lead out of New, so the response time is recorded.</p>',
      '{{button}}',
    ].join('\n'),
  },
  'buyer-feedback-request': {
    name: 'buyer-feedback-request',
    label: 'Feedback request',
    description: 'Sent to a buyer some days after their enquiry, asking them to rate it.',
    action: 'Rate your experience',
    variables: [
      { name: 'firstName', description: "The buyer's first name", sample: 'Nina' },
      { name: 'projectTitle', description: 'The project enquired on', sample: 'Quay Residences' },
      { name: 'enquiryDay', description: 'The day of the enquiry', sample: '20 November 2026' },
      {
        name: 'whom',
        description: 'The project, and the agent who looked after the enquiry when there is one',
        sample: 'Quay Residences and Priya, who looked after your enquiry',
      },
      { name: 'linkDays', description: 'How many days the link works', sample: '14' },
      url,
      button('Rate your experience'),
    ],
    subject: 'How was your enquiry about {{projectTitle}}?',
    body: [
      '<h1>How did your enquiry go?</h1>',
      '<p>Hi {{firstName}},</p>',
      '<p>You enquired about {{projectTitle}} on {{enquiryDay}}. Would you rate {{whom}}, from 0 to 5 stars? It takes a minute, and a comment is welcome.</p>',
      '{{button}}',
      footnote(
        'The link works once, for {{linkDays}} days. You receive this email once, because you enquired on {{siteName}}.',
      ),
    ].join('\n'),
  },
};

/** The variables a template may use: its own and the common ones. */
export const emailTemplateVariables = (name: EmailTemplateName): EmailTemplateVariable[] => [
  ...EMAIL_TEMPLATE_DEFAULTS[name].variables,
  ...COMMON_EMAIL_VARIABLES,
];

/** The HTML a template body may hold (anything else is refused, decision 034). */
export const EMAIL_BODY_TAGS = [
  'h1',
  'h2',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
] as const;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;

export const emailTemplateInputSchema = z.object({
  subject: text()
    .trim()
    .min(1, 'Enter a subject')
    .max(EMAIL_SUBJECT_MAX, `At most ${EMAIL_SUBJECT_MAX} characters`),
  body: multilineText()
    .trim()
    .min(1, 'Enter a body')
    .max(EMAIL_BODY_MAX, `At most ${EMAIL_BODY_MAX} characters`),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;

export const emailTemplateSummarySchema = z.object({
  name: z.enum(EMAIL_TEMPLATE_NAMES),
  label: z.string(),
  description: z.string(),
  /** Whether the tenant changed it (false: the default). */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummarySchema>;

const variableSchema = z.object({
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  block: z.boolean().optional(),
});

export const emailTemplateSchema = emailTemplateSummarySchema.extend({
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  variables: z.array(variableSchema),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** A rendering with the sample values, for the preview (the HTML goes in a sandboxed iframe). */
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export const emailTestSentSchema = z.object({ to: z.string(), messageId: z.string() });

export const emailTenantQuerySchema = z.object({ tenant: z.enum(TENANTS).default('offplan') });

/** The sender of a tenant's emails. Both empty: the site name at EMAIL_FROM's address. */
export const emailSenderSchema = z.object({
  tenant: z.enum(TENANTS),
  siteName: z.string(),
  name: z.string(),
  address: z.string(),
  /** The From the next email will carry. */
  effectiveFrom: z.string(),
  /** EMAIL_FROM, the default. */
  defaultFrom: z.string(),
});
export type EmailSender = z.infer<typeof emailSenderSchema>;

export const emailSenderInputSchema = z.object({
  name: text()
    .trim()
    .max(100, 'At most 100 characters')
    .refine((value) => !/[<>"\\]/.test(value), 'A sender name may not hold < > " or \\'),
  address: z.union([
    z.literal(''),
    text()
      .trim()
      .toLowerCase()
      .max(254, 'At most 254 characters')
      .pipe(z.email('Enter a valid email address')),
  ]),
});
export type EmailSenderInput = z.infer<typeof emailSenderInputSchema>;

/** A project for the recipients picker. */
export const emailRecipientsProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  organisationName: z.string().nullable(),
  recipients: z.number(),
});
export type EmailRecipientsProject = z.infer<typeof emailRecipientsProjectSchema>;
export const emailRecipientsProjectsQuerySchema = z.object({
  q: text().trim().max(100).optional(),
});
