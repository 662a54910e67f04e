import { Badge } from '@mantine/core';
import { JOB_STATE_LABELS, type JobState } from '@offplan/shared';

const COLORS: Record<JobState, string> = {
  created: 'blue',
  retry: 'yellow',
  active: 'teal',
  completed: 'green',
  cancelled: 'gray',
  failed: 'red',
};

/** A job's state: its label on its colour (the label carries the meaning), never cut short. */
export function JobStateBadge({ state }: { state: JobState }) {
  return (
    <Badge
      color={COLORS[state]}
      variant="dot"
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {JOB_STATE_LABELS[state]}
    </Badge>
  );
}
