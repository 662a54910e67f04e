import { FEEDBACK_LINK_DAYS } from '@offplan/shared';
import type { Branding } from '../../lib/branding.ts';
import { brandedEmail } from '../../lib/message-templates.ts';

const enquiryDay = (date: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

/**
 * Issue 17 item 4: the buyer's invitation to rate the project and the agent who handled them, in the
 * one branded layout (lib/message-templates.ts escapes every paragraph: a name arrives as text).
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
  return brandedEmail(branding, {
    subject: `How was your enquiry about ${input.projectTitle}?`,
    heading: 'How did your enquiry go?',
    paragraphs: [
      `Hi ${firstName},`,
      `You enquired about ${input.projectTitle} on ${enquiryDay(input.enquiredAt)}. Would you rate ${whom}, from 0 to 5 stars? It takes a minute, and a comment is welcome.`,
    ],
    action: { label: 'Rate your experience', url: input.url },
    footnote: `The link works once, for ${FEEDBACK_LINK_DAYS} days. You receive this email once, because you enquired on ${branding.siteName}.`,
  });
}
