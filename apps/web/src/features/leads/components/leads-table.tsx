import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { LeadPage, LeadSort, LeadSummary } from '@offplan/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { buyerTypeLabel, displayPhone, formatDuration, sourceLabel } from '../lib/lead-format.ts';
import { LeadScore, LeadStatusBadge } from './lead-status-badge.tsx';

export type SortOrder = 'asc' | 'desc';

/** Text columns read A→Z first; dates and scores newest/highest first. */
export function firstOrderFor(sort: LeadSort): SortOrder {
  return sort === 'name' || sort === 'project' || sort === 'status' ? 'asc' : 'desc';
}

type SortableHeaderProps = {
  label: string;
  column: LeadSort;
  sort: LeadSort;
  order: SortOrder;
  onSort: (column: LeadSort) => void;
};

/** A column header that sorts: a button inside the header, which says its order in aria-sort. */
function SortableHeader({ label, column, sort, order, onSort }: SortableHeaderProps) {
  const active = column === sort;
  const Icon = active ? (order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} stroke={1.6} aria-hidden opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function LeadRow({ lead, onOpen }: { lead: LeadSummary; onOpen: (id: number) => void }) {
  const phone = displayPhone(lead.phone, lead.masked);
  return (
    <Table.Tr onClick={() => onOpen(lead.id)} style={{ cursor: 'pointer' }} data-testid="lead-row">
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={lead.createdAt} title={exactTime(lead.createdAt)}>
            {relativeTime(lead.createdAt)}
          </time>
        </Text>
        {lead.enquiryCount > 1 ? (
          <Badge size="xs" variant="outline" color="gray">
            {lead.enquiryCount} enquiries
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          fw={600}
          size="sm"
          // The row opens the lead too; the button is what keyboards and screen readers use.
          onClick={(event) => {
            event.stopPropagation();
            onOpen(lead.id);
          }}
        >
          {lead.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {lead.email}
          {lead.email && phone ? ' · ' : null}
          {/* A number read in groups is never broken across lines. */}
          {phone ? <span style={{ whiteSpace: 'nowrap' }}>{phone}</span> : null}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{lead.projectTitle}</Text>
        <Text size="xs" c="dimmed">
          {sourceLabel(lead.source)}
        </Text>
      </Table.Td>
      {/* Never narrower than its label: a cut-off "CONTA…" reads as nothing. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <LeadStatusBadge status={lead.status} />
      </Table.Td>
      <Table.Td>
        <LeadScore score={lead.score} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {buyerTypeLabel(lead.buyerType)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={lead.assignee ? undefined : 'dimmed'}>
          {lead.assignee?.name ?? 'Unassigned'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={lead.firstResponseSeconds === null ? 'dimmed' : undefined}>
          {lead.firstResponseSeconds === null ? 'Not yet' : formatDuration(lead.firstResponseSeconds)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

type LeadsTableProps = {
  page: LeadPage;
  sort: LeadSort;
  order: SortOrder;
  onSort: (column: LeadSort) => void;
  onOpen: (id: number) => void;
};

/** The leads of one page; the sortable headers sort on the server. */
export function LeadsTable({ page, sort, order, onSort, onOpen }: LeadsTableProps) {
  const header = { sort, order, onSort };
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Leads">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader label="Received" column="createdAt" {...header} />
            <SortableHeader label="Buyer" column="name" {...header} />
            <SortableHeader label="Project" column="project" {...header} />
            <SortableHeader label="Status" column="status" {...header} />
            <SortableHeader label="Score" column="score" {...header} />
            <Table.Th>Buyer type</Table.Th>
            <Table.Th>Assignee</Table.Th>
            <Table.Th>First response</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.items.map((lead) => (
            <LeadRow key={lead.id} lead={lead} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Showing 1–25 of 60"; past the server's exact count (LEAD_COUNT_CAP), "of 10,000+". */
export function shownRange(page: LeadPage): string {
  const first = page.items.length === 0 ? 0 : (page.page - 1) * page.perPage + 1;
  const last = first === 0 ? 0 : first + page.items.length - 1;
  const total = page.totalCapped
    ? `${page.total.toLocaleString('en-AU')}+`
    : page.total.toLocaleString('en-AU');
  return `Showing ${first.toLocaleString('en-AU')}–${last.toLocaleString('en-AU')} of ${total}`;
}
