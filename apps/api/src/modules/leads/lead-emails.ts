import {
  BUYER_TYPE_LABELS,
  type BuyerType,
  FINANCE_STATUS_LABELS,
  type FinanceStatus,
  type ScoreContribution,
  TIMEFRAME_LABELS,
  type Timeframe,
} from '@offplan/shared';
import type { Branding } from '../../lib/branding.ts';
import { button, linesBlock } from '../../lib/message-templates.ts';
import { renderEmailTemplate } from '../email-settings/email-template-renderer.ts';

/**
 * The leads module's emails (issue 16): editable templates (decision 034, /email-settings) rendered in
 * the one branded layout, every value escaped: a buyer's `<script>` in a name or message arrives as text.
 */

/** What the new-lead email shows of a lead; contact fields already masked for a reader who may not see them. */
export type LeadForEmail = {
  id: number;
  name: string;
  email: string;
  phone: string;
  postcode: string | null;
  buyerType: string;
  budget: number | null;
  bedrooms: number | null;
  configuration: string | null;
  timeframe: string | null;
  financeStatus: string | null;
  message: string | null;
  source: string;
  utmSource: string | null;
  utmCampaign: string | null;
  campaignId: string | null;
  score: number;
  scoreContributions: ScoreContribution[];
};

const labelOf = <K extends string>(labels: Record<K, string>, value: string | null) =>
  value === null ? null : (labels[value as K] ?? value);

const dollars = (value: number) => `$${value.toLocaleString('en-AU')}`;

/** "+20 Finance pre-approved": a contribution as the lead page shows it. */
export const contributionText = (item: ScoreContribution) =>
  `${item.points > 0 ? '+' : ''}${item.points} ${item.label}`;

/** The score and its three largest reasons: "Score 65/100: +20 Finance pre-approved, +20 …". */
export function scoreLine(score: number, contributions: readonly ScoreContribution[]) {
  const top = [...contributions].sort((a, b) => Math.abs(b.points) - Math.abs(a.points)).slice(0, 3);
  return `Score ${score}/100${top.length ? `: ${top.map(contributionText).join(', ')}` : ''}`;
}

function leadFacts(lead: LeadForEmail): string[] {
  const facts: [string, string | null][] = [
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Postcode', lead.postcode],
    ['Buyer type', labelOf(BUYER_TYPE_LABELS as Record<BuyerType, string>, lead.buyerType)],
    ['Budget', lead.budget === null ? null : dollars(lead.budget)],
    ['Bedrooms wanted', lead.bedrooms === null ? null : String(lead.bedrooms)],
    ['Configuration', lead.configuration],
    ['Timeframe', labelOf(TIMEFRAME_LABELS as Record<Timeframe, string>, lead.timeframe)],
    ['Finance', labelOf(FINANCE_STATUS_LABELS as Record<FinanceStatus, string>, lead.financeStatus)],
    [
      'Source',
      [lead.source, lead.utmSource, lead.utmCampaign, lead.campaignId && `campaign ${lead.campaignId}`]
        .filter(Boolean)
        .join(' · '),
    ],
  ];
  return facts.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

export const leadEmails = {
  /** Issue 16 item 7: the instant email to each of the project's lead recipients. */
  newLead: (
    branding: Branding,
    input: { lead: LeadForEmail; projectTitle: string; url: string; masked: boolean },
  ) => {
    const { lead, projectTitle, url } = input;
    const message = lead.message?.split(/\n+/).filter((line) => line.trim()) ?? [];
    return renderEmailTemplate(
      branding,
      'lead-new',
      {
        leadName: lead.name,
        projectTitle,
        score: scoreLine(lead.score, lead.scoreContributions),
        note: input.masked
          ? 'Contact details are hidden for your role; a colleague with access can see them.'
          : 'Answer quickly: your response time is measured from this enquiry.',
        url,
      },
      {
        details: linesBlock([...leadFacts(lead), ...(message.length ? ['Message:', ...message] : [])]),
        button: button(branding, 'lead-new', url),
      },
    );
  },

  /** Issue 16 item 6: a lead not answered within the organisation's response target. */
  speedAlert: (
    branding: Branding,
    input: { buyerName: string; projectTitle: string; minutesWaiting: number; url: string },
  ) =>
    renderEmailTemplate(
      branding,
      'lead-speed-alert',
      {
        buyerName: input.buyerName,
        projectTitle: input.projectTitle,
        minutesWaiting: input.minutesWaiting,
        url: input.url,
      },
      { button: button(branding, 'lead-speed-alert', input.url) },
    ),

  /**
   * Issue 16 item 7: a subscriber's daily digest; contact fields already masked where they must be. The
   * list is one block variable (`{{leads}}`), each lead a line built and escaped here (decision 034).
   */
  digest: (
    branding: Branding,
    input: {
      dayLabel: string;
      total: number;
      items: {
        projectTitle: string;
        name: string;
        email: string;
        phone: string;
        buyerType: string;
        score: number;
      }[];
      url: string;
    },
  ) => {
    const more = input.total - input.items.length;
    return renderEmailTemplate(
      branding,
      'lead-digest',
      {
        dayLabel: input.dayLabel,
        count: `${input.total} new ${input.total === 1 ? 'lead' : 'leads'}`,
        url: input.url,
      },
      {
        leads: linesBlock(
          input.items.map(
            (item) =>
              `${item.projectTitle}: ${item.name} (${labelOf(BUYER_TYPE_LABELS as Record<BuyerType, string>, item.buyerType)}), score ${item.score}, ${item.email}, ${item.phone}`,
          ),
        ),
        more: linesBlock(more > 0 ? [`And ${more} more on the leads page.`] : []),
        button: button(branding, 'lead-digest', input.url),
      },
    );
  },
};
