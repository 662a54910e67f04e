import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { PROJECT_GRID_COLS } from './project-grid.tsx';

export function ProjectGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid
      cols={PROJECT_GRID_COLS}
      spacing="lg"
      verticalSpacing="lg"
      component="section"
      aria-busy="true"
      aria-label="Loading projects"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Card key={index}>
          <Card.Section>
            <Skeleton h={176} radius={0} />
          </Card.Section>
          <Stack gap="sm" mt="md">
            <Skeleton h={18} w="50%" />
            <Skeleton h={22} w="80%" />
            <Skeleton h={14} w="40%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
