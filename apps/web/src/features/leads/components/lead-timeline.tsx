import { Text, Timeline } from '@mantine/core';
import {
  LEAD_STATUS_LABELS,
  type LeadStatus,
  type LeadTimelineEntry,
  type LeadTimelineKind,
} from '@offplan/shared';
import {
  IconAlarm,
  IconArrowRight,
  IconBell,
  IconMail,
  IconNote,
  IconRepeat,
  IconUserCheck,
  type TablerIcon,
} from '@tabler/icons-react';
import { exactTime, relativeTime } from '../../../lib/dates.ts';

const KIND_ICONS: Record<LeadTimelineKind, TablerIcon> = {
  enquiry: IconMail,
  repeat_enquiry: IconRepeat,
  status: IconArrowRight,
  note: IconNote,
  assigned: IconUserCheck,
  speed_alert: IconAlarm,
  notified: IconBell,
};

function statusLabel(value: unknown): string {
  return typeof value === 'string' ? (LEAD_STATUS_LABELS[value as LeadStatus] ?? value) : '?';
}

type Person = { id: string; name: string };

/**
 * What an assignment says: `{assignee: {id, name} | null}` from the API, or `{assigneeId}` (the demo
 * data), whose name is looked up among the lead's people. Neither means it was unassigned.
 */
function assignmentText(data: Record<string, unknown>, people: readonly Person[]): string {
  const assignee = data.assignee;
  if (assignee && typeof assignee === 'object' && 'name' in assignee && typeof assignee.name === 'string') {
    return `Assigned to ${assignee.name}`;
  }
  const id = typeof data.assigneeId === 'string' ? data.assigneeId : null;
  if (id) {
    const person = people.find((candidate) => candidate.id === id);
    return person ? `Assigned to ${person.name}` : 'Assigned';
  }
  return 'Unassigned';
}

/** One line saying what happened, in words (the icon only repeats it). */
export function timelineTitle(entry: LeadTimelineEntry, people: readonly Person[] = []): string {
  switch (entry.kind) {
    case 'enquiry':
      return 'Enquired';
    case 'repeat_enquiry':
      return 'Enquired again';
    case 'status':
      return `Moved from ${statusLabel(entry.data.from)} to ${statusLabel(entry.data.to)}`;
    case 'note':
      return 'Note added';
    case 'assigned':
      return assignmentText(entry.data, people);
    case 'speed_alert': {
      const minutes = entry.data.minutesWaiting;
      return typeof minutes === 'number'
        ? `Not answered within the target (${minutes} min waiting): alert sent`
        : 'Not answered within the target: alert sent';
    }
    case 'notified': {
      const count = entry.data.recipients;
      return typeof count === 'number'
        ? `${count} lead ${count === 1 ? 'recipient' : 'recipients'} notified`
        : 'Lead recipients notified';
    }
  }
}

/** The lead's history in the order the API gives it. Texts are shown as text, never as HTML. */
export function LeadTimeline({
  entries,
  people = [],
}: {
  entries: LeadTimelineEntry[];
  /** The lead's assignee and assignable members: who an assignment names by id. */
  people?: readonly Person[];
}) {
  if (entries.length === 0) return <Text size="sm">Nothing has happened yet.</Text>;
  return (
    <Timeline bulletSize={24} lineWidth={2} active={entries.length - 1} aria-label="Timeline">
      {entries.map((entry) => {
        const Icon = KIND_ICONS[entry.kind];
        return (
          <Timeline.Item
            key={entry.id}
            bullet={<Icon size={14} stroke={1.8} aria-hidden />}
            title={timelineTitle(entry, people)}
            data-testid="timeline-entry"
          >
            {entry.text ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.text}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {entry.actor ? `${entry.actor.name} · ` : ''}
              <time dateTime={entry.at} title={exactTime(entry.at)}>
                {relativeTime(entry.at)}
              </time>
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
