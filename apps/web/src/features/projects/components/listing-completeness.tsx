import { Anchor, Group, type GroupProps, Progress, Stack, Text } from '@mantine/core';
import type { ListingCompleteness as Completeness } from '@offplan/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { deferredPopup } from '../../../lib/deferred-popup.tsx';
import type { CompletenessTooltipProps } from './completeness-tooltip.tsx';

/** The five things a complete listing has (issue 5), as the listings API reports them. */
export type CompletenessFacts = Completeness;

export const COMPLETENESS_ITEMS = [
  { key: 'brochure', label: 'Brochure', done: (facts: CompletenessFacts) => facts.brochure },
  { key: 'floorplans', label: 'Floorplans', done: (facts: CompletenessFacts) => facts.floorplans },
  {
    key: 'configurations',
    label: 'Configurations',
    done: (facts: CompletenessFacts) => facts.configurations,
  },
  { key: 'images', label: 'Images', done: (facts: CompletenessFacts) => facts.images },
  { key: 'video', label: 'Video', done: (facts: CompletenessFacts) => facts.video },
] as const;

export function missingItems(facts: CompletenessFacts): string[] {
  return COMPLETENESS_ITEMS.filter((item) => !item.done(facts)).map((item) => item.label.toLowerCase());
}

/**
 * One tooltip for a card's five marks: a dashboard shows dozens of cards, and each tooltip is a
 * floating element to set up; its code loads on the first hover (issue 21).
 */
const completenessTooltip = deferredPopup<CompletenessTooltipProps>(
  () => import('./completeness-tooltip.tsx').then((module) => module.CompletenessTooltip),
  { openOn: 'hover' },
);

/** The five marks, added or missing. They repeat the text below, so assistive technology skips them. */
function CompletenessMarks({
  facts,
  ...groupProps
}: GroupProps & ComponentPropsWithRef<'div'> & { facts: CompletenessFacts }) {
  return (
    <Group gap={4} aria-hidden data-testid="listing-completeness-marks" {...groupProps}>
      {COMPLETENESS_ITEMS.map((item) =>
        item.done(facts) ? (
          <IconCheck key={item.key} size={14} color="var(--mantine-color-green-7)" />
        ) : (
          <IconX key={item.key} size={14} color="var(--mantine-color-gray-5)" />
        ),
      )}
    </Group>
  );
}

/** A listing's completeness on its card, with a nudge to the editor while something is missing. */
export function ListingCompleteness({
  projectId,
  facts,
  canEdit = true,
}: {
  projectId: number;
  facts: CompletenessFacts;
  canEdit?: boolean;
}) {
  const done = COMPLETENESS_ITEMS.filter((item) => item.done(facts)).length;
  const percent = Math.round((done / COMPLETENESS_ITEMS.length) * 100);
  const missing = missingItems(facts);
  return (
    <Stack gap={6} data-testid="listing-completeness">
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600}>
          Listing {percent}% complete
        </Text>
        <completenessTooltip.Component
          lines={COMPLETENESS_ITEMS.map((item) => `${item.label}: ${item.done(facts) ? 'added' : 'missing'}`)}
          standIn={(handlers) => <CompletenessMarks facts={facts} {...handlers} />}
        >
          <CompletenessMarks facts={facts} />
        </completenessTooltip.Component>
      </Group>
      <Progress
        value={percent}
        size="sm"
        color={percent === 100 ? 'green' : 'brand'}
        aria-label={`Listing ${percent}% complete`}
      />
      {missing.length > 0 ? (
        <Text size="xs" c="dimmed">
          Missing: {missing.join(', ')}.{' '}
          {canEdit ? (
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/projects/$id/edit" params={{ id: String(projectId) }} />
              )}
              size="xs"
            >
              Finish your listing
            </Anchor>
          ) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
