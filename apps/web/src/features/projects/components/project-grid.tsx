import { SimpleGrid } from '@mantine/core';
import type { ProjectSummary } from '@offplan/shared';
import { ProjectCard } from './project-card.tsx';

export const PROJECT_GRID_COLS = { base: 1, xs: 2, lg: 3, xl: 4 } as const;

export function ProjectGrid({ projects }: { projects: ProjectSummary[] }) {
  return (
    <SimpleGrid cols={PROJECT_GRID_COLS} spacing="lg" verticalSpacing="lg">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </SimpleGrid>
  );
}
