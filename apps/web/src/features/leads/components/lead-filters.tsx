import { Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  BUYER_TYPE_LABELS,
  ENQUIRY_BUYER_TYPES,
  LEAD_SCORE_MAX,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadQuery,
} from '@offplan/shared';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LEAD_SOURCE_LABELS } from '../lib/lead-format.ts';
import { hasLeadFilters, type LeadFilterKey, type LeadSearch } from '../lib/lead-search.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export type LeadFilterChange = Partial<Pick<LeadSearch, LeadFilterKey>>;
export type FilterOption = { value: string; label: string };

const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
const BUYER_TYPE_OPTIONS = ENQUIRY_BUYER_TYPES.map((value) => ({ value, label: BUYER_TYPE_LABELS[value] }));
const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));

/** A list filter's URL value: nothing chosen leaves it out of the address. */
const listOrUndefined = <T extends string>(values: string[]): T[] | undefined =>
  values.length > 0 ? (values as T[]) : undefined;

/** The search box: typed freely, applied (to the URL) once typing pauses or on Enter. */
function LeadSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const apply = (next: string) => {
    applied.current = next.trim();
    onSearch(next.trim());
  };
  const search = useDebouncedCallback(apply, SEARCH_DEBOUNCE_MS);

  // Back and forward change the URL's search under the box: show it.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Name, email or phone"
      leftSection={<IconSearch size={16} stroke={1.6} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          apply(text);
        }
      }}
    />
  );
}

/** A score bound, applied when the field is left or Enter is pressed (not on every keystroke). */
function ScoreBound({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const [draft, setDraft] = useState<number | string>(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    const next = typeof draft === 'number' ? draft : undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <NumberInput
      label={label}
      min={0}
      max={LEAD_SCORE_MAX}
      clampBehavior="strict"
      allowDecimal={false}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

type LeadFiltersProps = {
  search: LeadSearch;
  onChange: (change: LeadFilterChange) => void;
  onClear: () => void;
  /** The reader's projects (empty for admins, who filter by organisation instead). */
  projects: FilterOption[];
  /** Given on /enquiries: the organisations to filter by. */
  organisations?: FilterOption[] | undefined;
  /** The reader's user id, for "Assigned to me"; undefined where it means nothing (admins). */
  currentUserId?: string | undefined;
  /** Masked readers cannot search by contact details (the server ignores it for them). */
  masked: boolean;
};

/** The leads page's filters; every one lives in the URL. */
export function LeadFilters(props: LeadFiltersProps) {
  const { search, onChange, projects, organisations, currentUserId, masked } = props;
  const assigneeOptions: FilterOption[] = [
    ...(currentUserId ? [{ value: currentUserId, label: 'Assigned to me' }] : []),
    { value: 'none', label: 'Unassigned' },
  ];
  if (search.assignee && !assigneeOptions.some((option) => option.value === search.assignee)) {
    assigneeOptions.push({ value: search.assignee, label: 'The person chosen' });
  }

  return (
    <Paper withBorder p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        {masked ? null : (
          <LeadSearchBox value={search.q ?? ''} onSearch={(q) => onChange({ q: q || undefined })} />
        )}
        {organisations ? (
          <Select
            label="Organisation"
            placeholder="All organisations"
            data={organisations}
            searchable
            clearable
            value={search.organisationId ?? null}
            onChange={(value) => onChange({ organisationId: value ?? undefined })}
          />
        ) : null}
        {projects.length > 0 ? (
          <MultiSelect
            label="Projects"
            placeholder={search.projectIds?.length ? undefined : 'All projects'}
            data={projects}
            searchable
            clearable
            value={(search.projectIds ?? []).map(String)}
            onChange={(values) =>
              onChange({ projectIds: values.length > 0 ? values.map(Number) : undefined })
            }
          />
        ) : null}
        <MultiSelect
          label="Status"
          placeholder={search.status?.length ? undefined : 'Any status'}
          data={STATUS_OPTIONS}
          clearable
          value={search.status ?? []}
          onChange={(values) => onChange({ status: listOrUndefined(values) })}
        />
        <MultiSelect
          label="Buyer type"
          placeholder={search.buyerType?.length ? undefined : 'Any buyer type'}
          data={BUYER_TYPE_OPTIONS}
          clearable
          value={search.buyerType ?? []}
          onChange={(values) => onChange({ buyerType: listOrUndefined(values) })}
        />
        <MultiSelect
          label="Source"
          placeholder={search.source?.length ? undefined : 'Any source'}
          data={SOURCE_OPTIONS}
          clearable
          value={search.source ?? []}
          onChange={(values) => onChange({ source: listOrUndefined(values) as LeadQuery['source'] })}
        />
        <Select
          label="Assignee"
          placeholder="Anyone"
          data={assigneeOptions}
          clearable
          value={search.assignee ?? null}
          onChange={(value) => onChange({ assignee: value ?? undefined })}
        />
        <Group grow gap="xs" align="flex-start">
          <TextInput
            type="date"
            label="Received from"
            value={search.from ?? ''}
            max={search.to}
            onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label="Received to"
            value={search.to ?? ''}
            min={search.from}
            onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
          />
        </Group>
        <Group grow gap="xs" align="flex-start">
          <ScoreBound
            label="Score from"
            value={search.scoreMin}
            onCommit={(scoreMin) => onChange({ scoreMin })}
          />
          <ScoreBound
            label="Score to"
            value={search.scoreMax}
            onCommit={(scoreMax) => onChange({ scoreMax })}
          />
        </Group>
      </SimpleGrid>
      {hasLeadFilters(search) ? (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={16} stroke={1.6} />}
            onClick={props.onClear}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
