/**
 * What the project cards and the dashboard's order mean, shared by the web app (which draws them) and
 * the API (which preloads the photos of the dashboard's first row, decision 049). No schema here: the
 * dashboard's first paint imports this module (decision 044).
 */

/** A project without photos shows this one (a file of the web app's public folder). */
export const PROJECT_IMAGE_PLACEHOLDER = '/project-placeholder.svg';

/** The cards in the project grid's first row at its widest layout: their photos are in view at once. */
export const PROJECT_GRID_WIDEST_ROW = 4;

export type DashboardSort = { by: 'updatedAt' | 'createdAt' | 'title'; order: 'asc' | 'desc' };

export type SortableProject = { title: string; createdAt: string; updatedAt: string };

/** Spec §9's default: updatedAt, newest first, until the user picks a sort. */
export const DEFAULT_DASHBOARD_SORT: DashboardSort = { by: 'updatedAt', order: 'desc' };

/**
 * Titles compare as people read them ("Stage 2" before "Stage 10"). Made on the first sort by title:
 * a collator costs milliseconds to make (more on a phone), and the dashboard sorts by date by default.
 */
let titleCollator: Intl.Collator | undefined;

export function sortProjects<T extends SortableProject>(
  projects: readonly T[],
  sort: DashboardSort | undefined,
): T[] {
  const { by, order } = sort ?? DEFAULT_DASHBOARD_SORT;
  const direction = order === 'asc' ? 1 : -1;
  if (by === 'title') {
    titleCollator ??= new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });
    const collator = titleCollator;
    return [...projects].sort((a, b) => collator.compare(a.title, b.title) * direction);
  }
  return [...projects].sort((a, b) => (Date.parse(a[by]) - Date.parse(b[by])) * direction);
}
