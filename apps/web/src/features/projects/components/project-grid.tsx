import { SimpleGrid } from '@mantine/core';
import type { ProjectSummary } from '@offplan/shared';
import type { ReactNode } from 'react';
import { ProjectCard } from './project-card.tsx';

export const PROJECT_GRID_COLS = { base: 1, xs: 2, lg: 3, xl: 4 } as const;
/** The cards of the first row at the widest layout: their photos are in view when the page opens. */
const FIRST_ROW = Math.max(...Object.values(PROJECT_GRID_COLS));

export function ProjectGrid({
  projects,
  linkToSummary = false,
  renderExtra,
  label,
}: {
  projects: ProjectSummary[];
  linkToSummary?: boolean;
  /** What each card shows at its bottom (completeness, actions). */
  renderExtra?: (project: ProjectSummary) => ReactNode;
  label?: string;
}) {
  return (
    <SimpleGrid cols={PROJECT_GRID_COLS} spacing="lg" verticalSpacing="lg" aria-label={label}>
      {projects.map((project, index) => (
        <ProjectCard
          key={project.id}
          project={project}
          linkToSummary={linkToSummary}
          imageInView={index < FIRST_ROW}
        >
          {renderExtra?.(project)}
        </ProjectCard>
      ))}
    </SimpleGrid>
  );
}
