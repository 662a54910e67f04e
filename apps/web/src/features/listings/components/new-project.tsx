import { Stack, Text, Title } from '@mantine/core';
import { useNewProject } from '../hooks/use-new-project.ts';
import { NewProjectDraftStep } from './new-project-draft-step.tsx';
import { NewProjectSearchStep } from './new-project-search-step.tsx';

/**
 * /projects/new: search first (spec §3 search-add: exact match, existing projects, addresses) so that
 * users claim instead of duplicating (design §2); then the draft with the spec's defaults.
 */
export function NewProject() {
  const state = useNewProject();
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={2}>
        <Title order={2} size="h3">
          Add a project
        </Title>
        <Text size="sm" c="dimmed">
          Most projects are already listed. Search first: if yours is there, claim it or request access
          instead of adding it again.
        </Text>
      </Stack>

      {state.step === 'search' ? (
        <NewProjectSearchStep state={state} />
      ) : (
        <NewProjectDraftStep state={state} />
      )}
    </Stack>
  );
}
