import { SimpleGrid } from '@mantine/core';
import { PROJECT_GRID_WIDEST_ROW, type ProjectSummary } from '@offplan/shared';
import type { ReactNode } from 'react';
import { ProjectCard } from './project-card.tsx';

export const PROJECT_GRID_COLS = { base: 1, xs: 2, lg: 3, xl: PROJECT_GRID_WIDEST_ROW } as const;

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
          // The first row at the widest layout: their photos are in view when the page opens.
          imageInView={index < PROJECT_GRID_WIDEST_ROW}
        >
          {renderExtra?.(project)}
        </ProjectCard>
      ))}
    </SimpleGrid>
  );
}
