import {
  Alert,
  Anchor,
  Badge,
  Divider,
  Drawer,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { LeadDetail } from '@offplan/shared';
import { IconAlertCircle, IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiClientError } from '../../../lib/api-client.ts';
import { exactTime } from '../../../lib/dates.ts';
import { leadQueryOptions } from '../api/leads.ts';
import {
  buyerTypeLabel,
  displayPhone,
  financeLabel,
  formatDuration,
  formatMoney,
  signedPoints,
  sourceLabel,
  timeframeLabel,
} from '../lib/lead-format.ts';
import { LeadScore, LeadStatusBadge } from './lead-status-badge.tsx';
import { LeadStatusForm } from './lead-status-form.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { LeadAssigneeSelect, LeadNoteForm } from './lead-work-forms.tsx';

export const MASKED_NOTE = 'Contact details are hidden for your role';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A label above its value; an empty value shows a dash. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

function ContactSection({ lead }: { lead: LeadDetail }) {
  return (
    <Section title="Contact">
      {lead.masked ? (
        <Group gap={6} c="dimmed">
          <IconEyeOff size={16} stroke={1.6} aria-hidden />
          <Text size="sm">{MASKED_NOTE}</Text>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Email">
          {lead.masked || !lead.email ? (
            lead.email
          ) : (
            <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor>
          )}
        </Fact>
        <Fact label="Phone">
          {lead.masked || !lead.phone ? (
            lead.phone
          ) : (
            <Anchor href={`tel:${lead.phone}`}>{displayPhone(lead.phone, lead.masked)}</Anchor>
          )}
        </Fact>
        <Fact label="Postcode">{lead.postcode}</Fact>
        <Fact label="Consent to be contacted">{exactTime(lead.consentAt)}</Fact>
      </SimpleGrid>
    </Section>
  );
}

function EnquirySection({ lead }: { lead: LeadDetail }) {
  const utm = [lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(' / ');
  return (
    <Section title="Enquiry">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Buyer type">{buyerTypeLabel(lead.buyerType)}</Fact>
        <Fact label="Budget">{lead.budget === null ? null : formatMoney(lead.budget)}</Fact>
        <Fact label="Bedrooms wanted">{lead.bedrooms}</Fact>
        <Fact label="Configuration of interest">{lead.configuration}</Fact>
        <Fact label="Timeframe">{lead.timeframe ? timeframeLabel(lead.timeframe) : null}</Fact>
        <Fact label="Finance">{lead.financeStatus ? financeLabel(lead.financeStatus) : null}</Fact>
        <Fact label="Source">{sourceLabel(lead.source)}</Fact>
        <Fact label="Campaign">{[utm, lead.campaignId].filter(Boolean).join(' · ') || null}</Fact>
        <Fact label="Enquiries">{lead.enquiryCount}</Fact>
        <Fact label="First response">
          {lead.firstResponseSeconds === null ? 'Not yet' : formatDuration(lead.firstResponseSeconds)}
        </Fact>
      </SimpleGrid>
      <Fact label="Message">
        {lead.message ? (
          // Text, never HTML: whatever a buyer typed is shown as they typed it.
          <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="lead-message">
            {lead.message}
          </Text>
        ) : null}
      </Fact>
      {lead.status === 'LOST' && lead.lostReason ? <Fact label="Lost because">{lead.lostReason}</Fact> : null}
      {lead.salePrice !== null ? (
        <Fact label="Sale">{`${formatMoney(lead.salePrice)} on ${lead.saleDate ?? '—'}`}</Fact>
      ) : null}
    </Section>
  );
}

function ScoreSection({ lead }: { lead: LeadDetail }) {
  return (
    <Section title="Score">
      <LeadScore score={lead.score} />
      {lead.scoreContributions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scoring rule matched this enquiry.
        </Text>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" aria-label="Why it scored so">
          {lead.scoreContributions.map((contribution) => (
            <List.Item key={`${contribution.ruleId ?? 'decay'}-${contribution.label}`}>
              <Text span size="sm" fw={600} c={contribution.points < 0 ? 'red' : 'green'} ff="monospace">
                {signedPoints(contribution.points)}
              </Text>{' '}
              <Text span size="sm" fs={contribution.ruleId === null ? 'italic' : undefined}>
                {contribution.label}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

function AlsoEnquiredOn({ lead, onOpenLead }: { lead: LeadDetail; onOpenLead: (id: number) => void }) {
  if (lead.alsoEnquiredOn.length === 0) return null;
  return (
    <Section title="Also enquired on">
      <List size="sm" spacing={2}>
        {lead.alsoEnquiredOn.map((other) => (
          <List.Item key={other.leadId}>
            <Anchor component="button" type="button" size="sm" onClick={() => onOpenLead(other.leadId)}>
              {other.projectTitle}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              {exactTime(other.createdAt)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

function LeadDetailView({ lead, onOpenLead }: { lead: LeadDetail; onOpenLead: (id: number) => void }) {
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <LeadStatusBadge status={lead.status} />
        <Text size="sm">{lead.projectTitle}</Text>
        <Text size="sm" c="dimmed">
          · received {exactTime(lead.createdAt)}
        </Text>
        {lead.canEdit ? null : (
          <Badge variant="outline" color="gray">
            Read only
          </Badge>
        )}
      </Group>
      <ContactSection lead={lead} />
      <Divider />
      <EnquirySection lead={lead} />
      <Divider />
      <ScoreSection lead={lead} />
      <AlsoEnquiredOn lead={lead} onOpenLead={onOpenLead} />
      <Divider />
      <Section title="Pipeline">
        {lead.canEdit ? (
          <Stack gap="md">
            <LeadStatusForm
              key={lead.status}
              leadId={lead.id}
              status={lead.status}
              salePrice={lead.salePrice}
              saleDate={lead.saleDate}
            />
            <LeadAssigneeSelect lead={lead} />
          </Stack>
        ) : (
          <Fact label="Assignee">{lead.assignee?.name ?? 'Unassigned'}</Fact>
        )}
      </Section>
      <Section title="Timeline">
        <LeadTimeline
          entries={lead.timeline}
          people={lead.assignee ? [lead.assignee, ...lead.assignableMembers] : lead.assignableMembers}
        />
        {lead.canEdit ? <LeadNoteForm leadId={lead.id} /> : null}
      </Section>
    </Stack>
  );
}

type LeadDrawerProps = {
  /** The lead in the URL (`?lead=`); undefined keeps the drawer closed. */
  leadId: number | undefined;
  onClose: () => void;
  onOpenLead: (id: number) => void;
};

/** The lead's details beside the table, opened from a row or a deep link. */
export function LeadDrawer({ leadId, onClose, onOpenLead }: LeadDrawerProps) {
  // Conditional on the URL's ?lead= (the drawer may be closed): useQuery, not the page's loader.
  const lead = useQuery({ ...leadQueryOptions(leadId ?? 0), enabled: leadId !== undefined });
  return (
    <Drawer
      opened={leadId !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={700}>{lead.data ? `Lead: ${lead.data.name}` : 'Lead'}</Text>}
    >
      {lead.isPending ? <Loader size="sm" aria-label="Loading the lead" /> : null}
      {lead.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="This lead could not be opened"
        >
          {isApiClientError(lead.error) && lead.error.status === 404
            ? 'It does not exist, or it belongs to a project you do not work on.'
            : lead.error.message}
        </Alert>
      ) : null}
      {lead.data ? <LeadDetailView lead={lead.data} onOpenLead={onOpenLead} /> : null}
    </Drawer>
  );
}
