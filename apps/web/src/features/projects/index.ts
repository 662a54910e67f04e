/** What other features may use of projects (decision 024: features meet only through their index). */
export { type ActionCallbacks, invalidateProjectAccess } from './api/project-actions.ts';
export { projectsQueryKey } from './api/project-search.ts';
export { userProjectsQueryOptions } from './api/user-projects.ts';
export { ListingCompleteness } from './components/listing-completeness.tsx';
export { type AccessTarget, ProjectAccessActions } from './components/project-access-actions.tsx';
export { formatUpdatedAt } from './components/project-card.tsx';
