import { FEEDBACK_LINK_DAYS } from '@offplan/shared';
import type { Branding } from '../../lib/branding.ts';
import { button } from '../../lib/message-templates.ts';
import { renderEmailTemplate } from '../email-settings/email-template-renderer.ts';

const enquiryDay = (date: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

/**
 * Issue 17 item 4: the buyer's invitation to rate the project and the agent who handled them, in the
 * editable template 'buyer-feedback-request' (decision 034), every value escaped: a name arrives as text.
 */
export function feedbackRequestEmail(
  branding: Branding,
  input: {
    buyerName: string;
    projectTitle: string;
    agentFirstName: string | null;
    enquiredAt: Date;
    url: string;
  },
) {
  const firstName = input.buyerName.trim().split(/\s+/)[0] || 'there';
  const whom = input.agentFirstName
    ? `${input.projectTitle} and ${input.agentFirstName}, who looked after your enquiry`
    : input.projectTitle;
  return renderEmailTemplate(
    branding,
    'buyer-feedback-request',
    {
      firstName,
      projectTitle: input.projectTitle,
      enquiryDay: enquiryDay(input.enquiredAt),
      whom,
      linkDays: FEEDBACK_LINK_DAYS,
      url: input.url,
    },
    { button: button(branding, 'buyer-feedback-request', input.url) },
  );
}
