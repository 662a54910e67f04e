import { Alert, Anchor, Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LEADS_PAGE_SIZES, type LeadPage, type LeadSort } from '@offplan/shared';
import { IconDownload, IconEyeOff, IconSettings } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  leadResponseTimesQueryOptions,
  leadSettingsQueryOptions,
  leadsExportHref,
  leadsQueryOptions,
} from '../api/leads.ts';
import {
  DEFAULT_LEAD_SORT,
  DEFAULT_LEADS_PER_PAGE,
  hasLeadFilters,
  type LeadSearch,
  type LeadSearchUpdate,
  withoutLeadFilters,
} from '../lib/lead-search.ts';
import { LeadDrawer, MASKED_NOTE } from './lead-drawer.tsx';
import { type FilterOption, type LeadFilterChange, LeadFilters } from './lead-filters.tsx';
import { LeadSettingsModal } from './lead-settings-modal.tsx';
import { firstOrderFor, LeadsTable, type SortOrder, shownRange } from './leads-table.tsx';
import { ResponseTimesPanel } from './response-times-panel.tsx';

export type LeadsScope = 'leads' | 'enquiries';

export type LeadsPageProps = {
  /** /leads: the reader's leads; /enquiries: every organisation's (platform admins). */
  scope: LeadsScope;
  search: LeadSearch;
  onSearch: (update: LeadSearchUpdate) => void;
  /** The reader's projects for the project filter and the recipients settings. */
  projects: FilterOption[];
  /** /enquiries: the organisations to filter by. */
  organisations?: FilterOption[] | undefined;
  currentUserId?: string | undefined;
  /** Organisation owners and admins set the response target and lead recipients. */
  canManageSettings: boolean;
  /** Whether the reader belongs to an organisation, whose response target the page shows. */
  hasOrganisation: boolean;
};

const PAGE_SIZE_OPTIONS = LEADS_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

function EmptyLeads({
  scope,
  filtered,
  onClear,
}: {
  scope: LeadsScope;
  filtered: boolean;
  onClear: () => void;
}) {
  if (filtered) {
    return (
      <Stack gap="xs" align="flex-start" role="status">
        <Text fw={600}>No leads match these filters</Text>
        <Text size="sm" c="dimmed">
          Widen the dates or choose fewer filters.
        </Text>
        <Button variant="light" size="xs" onClick={onClear}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  if (scope === 'enquiries') {
    return (
      <Text c="dimmed" role="status">
        No enquiries yet on any listing.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start" role="status">
      <Text fw={600}>No leads yet</Text>
      <Text size="sm" c="dimmed">
        Leads arrive when buyers enquire on your listings — make sure your listings are complete:{' '}
        <Anchor renderRoot={(props) => <Link {...props} to="/projects" />}>review your projects</Anchor>.
      </Text>
    </Stack>
  );
}

function LeadsPaging({ page, onSearch }: { page: LeadPage; onSearch: (update: LeadSearchUpdate) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {shownRange(page)}
        </Text>
        <Select
          label="Rows per page"
          size="xs"
          w={90}
          data={PAGE_SIZE_OPTIONS}
          value={String(page.perPage)}
          allowDeselect={false}
          onChange={(value) => {
            const perPage = Number(value);
            onSearch((previous) => ({
              ...previous,
              page: undefined,
              perPage: perPage === DEFAULT_LEADS_PER_PAGE ? undefined : perPage,
            }));
          }}
        />
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page.page, pages)}
        onChange={(next) => onSearch((previous) => ({ ...previous, page: next === 1 ? undefined : next }))}
        hideWithOnePage
        aria-label="Pages"
      />
    </Group>
  );
}

/** /leads and /enquiries: the filtered, sorted, paged leads table, its export, response times and drawer. */
export function LeadsPage(props: LeadsPageProps) {
  const { scope, search, onSearch, projects } = props;
  const { data: page } = useSuspenseQuery(leadsQueryOptions(search));
  const { data: times } = useSuspenseQuery(leadResponseTimesQueryOptions(search));
  // The target is context beside the response times; a reader without an organisation has none.
  // Only an organisation has a target: admins and members of none would be refused (403).
  const { data: target } = useQuery({
    ...leadSettingsQueryOptions(),
    enabled: scope === 'leads' && props.hasOrganisation,
  });
  const [settingsOpen, settings] = useDisclosure(false);
  const sort = search.sort ?? DEFAULT_LEAD_SORT;
  const order: SortOrder = search.order ?? 'desc';

  const changeFilters = (change: LeadFilterChange) =>
    onSearch((previous) => ({ ...previous, ...change, page: undefined }));
  const clearFilters = () => onSearch((previous) => withoutLeadFilters(previous));
  const sortBy = (column: LeadSort) => {
    const nextOrder = column === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrderFor(column);
    const isDefault = column === DEFAULT_LEAD_SORT && nextOrder === 'desc';
    onSearch((previous) => ({
      ...previous,
      sort: isDefault ? undefined : column,
      order: isDefault ? undefined : nextOrder,
      page: undefined,
    }));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {/* The frame's heading names the page (Leads, Enquiries): a second one here only repeated it. */}
        <Text size="sm" c="dimmed">
          {scope === 'leads'
            ? 'Buyers who enquired on your projects. Open a lead to see why it scored as it did and to work it.'
            : 'Every lead on every organisation’s listings.'}
        </Text>
        <Group gap="xs">
          {page.canExport ? (
            <Button
              component="a"
              href={leadsExportHref(search)}
              download
              variant="default"
              leftSection={<IconDownload size={16} stroke={1.6} />}
            >
              Export CSV
            </Button>
          ) : null}
          {props.canManageSettings ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} stroke={1.6} />}
              onClick={settings.open}
            >
              Lead settings
            </Button>
          ) : null}
        </Group>
      </Group>
      {page.masked ? (
        <Alert variant="light" color="gray" icon={<IconEyeOff size={18} />}>
          {MASKED_NOTE}. You see how many leads there are and how they progress, without names, emails or
          phones.
        </Alert>
      ) : null}
      <LeadFilters
        search={search}
        onChange={changeFilters}
        onClear={clearFilters}
        projects={projects}
        organisations={props.organisations}
        currentUserId={props.currentUserId}
        masked={page.masked}
      />
      {page.total === 0 ? (
        <EmptyLeads scope={scope} filtered={hasLeadFilters(search)} onClear={clearFilters} />
      ) : (
        <Stack gap="md">
          <LeadsTable
            page={page}
            sort={sort}
            order={order}
            onSort={sortBy}
            onOpen={(lead) => onSearch((previous) => ({ ...previous, lead }))}
          />
          <LeadsPaging page={page} onSearch={onSearch} />
        </Stack>
      )}
      {page.total === 0 ? null : <ResponseTimesPanel times={times} target={target} from={search.from} />}
      <LeadDrawer
        leadId={search.lead}
        onClose={() => onSearch((previous) => ({ ...previous, lead: undefined }))}
        onOpenLead={(lead) => onSearch((previous) => ({ ...previous, lead }))}
      />
      {props.canManageSettings ? (
        <LeadSettingsModal opened={settingsOpen} onClose={settings.close} projects={projects} />
      ) : null}
    </Stack>
  );
}
