import type { OrganisationDetails } from '@offplan/shared';
import type { ComponentType } from 'react';
import { OrganisationInvitationsSection } from '../../organisation-invitations/index.ts';
import { OrganisationJoinRequestsSection } from '../../organisation-joins/index.ts';

/** A section of the /organisation page below the members, given the organisation as read. */
export type OrganisationPageSection = {
  id: string;
  Component: ComponentType<{ organisation: OrganisationDetails }>;
};

/**
 * The sections shown between the members and the projects: where the invitations section
 * (`OrganisationInvitationsSection`) and the join requests section (`OrganisationJoinRequestsSection`)
 * go. Each feature keeps its own section; this list is the one place the page learns of them.
 */
export const ORGANISATION_PAGE_SECTIONS: readonly OrganisationPageSection[] = [
  {
    id: 'invitations',
    Component: ({ organisation }) => (
      <OrganisationInvitationsSection
        canManage={organisation.canManage}
        isOwner={organisation.yourRole === 'owner'}
      />
    ),
  },
  {
    id: 'join-requests',
    Component: ({ organisation }) => <OrganisationJoinRequestsSection canManage={organisation.canManage} />,
  },
];
