import { SimpleGrid } from '@mantine/core';
import type { ProjectSummary } from '@offplan/shared';
import type { ReactNode } from 'react';
import { ProjectCard } from './project-card.tsx';

export const PROJECT_GRID_COLS = { base: 1, xs: 2, lg: 3, xl: 4 } as const;

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
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} linkToSummary={linkToSummary}>
          {renderExtra?.(project)}
        </ProjectCard>
      ))}
    </SimpleGrid>
  );
}
