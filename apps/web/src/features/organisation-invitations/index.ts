/** Invitations to an organisation (decision 030): the organisation page's card. */
export { organisationInvitationsQueryOptions } from './api/organisation-invitations.ts';
export { OrganisationInvitationsSection } from './components/organisation-invitations-section.tsx';
