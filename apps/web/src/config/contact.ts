import type { AnalyticsEventType } from '@offplan/shared';

/** Internal: /feedback (spec §2 "Other routes"). */
export const FEEDBACK_PATH = '/feedback';

/** The legal/terms page opened in a popup (spec §2, §9 LEGAL_POPUP_SIZE). */
export const LEGAL_PATH = '/terms';

export type ContactItem = {
  id: 'help' | 'feedback' | 'team';
  question: string;
  action: string;
  event: Extract<AnalyticsEventType, 'contact_selected' | 'feedback_selected' | 'contact_team_selected'>;
  /** External addresses open in a new tab after CONTACT_LINK_DELAY_MS; internal paths navigate. */
  href: string;
  external: boolean;
};

/** Spec §2 contact items, word for word; `contactUrl` is the CONTACT_URL setting from GET /api/site. */
export const contactItems = (contactUrl: string): readonly ContactItem[] => [
  {
    id: 'help',
    question: 'Need help using Portal?',
    action: 'Get in touch',
    event: 'contact_selected',
    href: contactUrl,
    external: true,
  },
  {
    id: 'feedback',
    question: 'Have feedback about Portal?',
    action: 'Give us your thoughts',
    event: 'feedback_selected',
    href: FEEDBACK_PATH,
    external: false,
  },
  {
    id: 'team',
    question: 'Want to increase your lead volumes?',
    action: 'Speak to our team',
    event: 'contact_team_selected',
    href: contactUrl,
    external: true,
  },
];
