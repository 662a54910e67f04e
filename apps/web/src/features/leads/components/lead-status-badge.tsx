import { Badge, Group, Progress, Text } from '@mantine/core';
import { LEAD_SCORE_MAX, LEAD_STATUS_LABELS, type LeadStatus } from '@offplan/shared';
import { LEAD_STATUS_COLORS, scoreColor } from '../lib/lead-format.ts';

/**
 * A pipeline stage: its label on its colour (the label, not the colour, carries the meaning). Never cut
 * to "CONT…": Mantine's label hides its overflow, which lets a squeezed table column shrink the badge
 * below its text; with the overflow visible the text is the badge's narrowest width.
 */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge
      color={LEAD_STATUS_COLORS[status]}
      variant="light"
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A score as its number beside a small bar of it out of 100. */
export function LeadScore({ score }: { score: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" fw={600} w={26} ta="right">
        {score}
      </Text>
      <Progress
        value={(score / LEAD_SCORE_MAX) * 100}
        color={scoreColor(score)}
        size="sm"
        w={48}
        aria-label={`Score ${score} of ${LEAD_SCORE_MAX}`}
      />
    </Group>
  );
}
