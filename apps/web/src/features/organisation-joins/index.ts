/** Join requests (decision 030): the card the organisation page shows its owners and admins. */
export { OrganisationJoinRequestsSection } from './components/organisation-join-requests-section.tsx';
