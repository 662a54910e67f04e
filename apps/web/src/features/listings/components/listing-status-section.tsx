import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  CAMPAIGN_TYPES,
  checkStageChange,
  EDITABLE_SALES_STATUSES,
  type Listing,
  SALES_PERIOD_STAGES,
  SALES_STATUS_LABELS,
  STAGE_LABELS,
  STAGES,
} from '@offplan/shared';
import type { ListingForm } from '../lib/listing-form.ts';
import { Section } from './listing-section.tsx';

const CAMPAIGN_LABELS: Record<(typeof CAMPAIGN_TYPES)[number], string> = {
  NONE: 'None (free listing)',
  CPL: 'Cost per lead (CPL)',
  CPS: 'Cost per sale (CPS)',
};

const SALES_PERIOD_LABELS: Record<(typeof SALES_PERIOD_STAGES)[number], string> = {
  EARLY: 'Early',
  MID: 'Mid',
  LATE: 'Late',
};

/** Sales status, stage, sales period, campaign type (admins) and estimated completion. */
export function ListingStatusSection({ form, listing }: { form: ListingForm; listing: Listing }) {
  // Stage moves forward only, unless the server says this user may move it back (design §2).
  const stageOptions = STAGES.filter(
    (stage) => checkStageChange(listing.stage, stage, listing.canMoveStageBack).ok,
  ).map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }));

  const isAdminEditor = listing.canEditCampaignType;

  return (
    <Section title="Status" description="Sales status and construction stage shown on the listing.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Sales status"
          allowDeselect={false}
          data={EDITABLE_SALES_STATUSES.map((status) => ({
            value: status,
            label: SALES_STATUS_LABELS[status],
          }))}
          {...form.getInputProps('salesStatus')}
        />
        <Select
          label="Construction stage"
          allowDeselect={false}
          description={
            listing.canMoveStageBack ? undefined : 'The stage moves forward only; ask us to move it back.'
          }
          data={stageOptions}
          {...form.getInputProps('stage')}
        />
        <Select
          label="Sales period"
          clearable
          data={SALES_PERIOD_STAGES.map((stage) => ({ value: stage, label: SALES_PERIOD_LABELS[stage] }))}
          {...form.getInputProps('salesPeriodStage')}
        />
        {isAdminEditor ? (
          <Select
            label="Campaign type"
            description="Admins only."
            allowDeselect={false}
            data={CAMPAIGN_TYPES.map((type) => ({ value: type, label: CAMPAIGN_LABELS[type] }))}
            {...form.getInputProps('campaignType')}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Estimated completion quarter"
          clearable
          data={['1', '2', '3', '4'].map((quarter) => ({ value: quarter, label: `Q${quarter}` }))}
          {...form.getInputProps('estimatedCompletionQuarter')}
        />
        <NumberInput
          label="Estimated completion year"
          min={1990}
          max={2100}
          allowDecimal={false}
          thousandSeparator={false}
          {...form.getInputProps('estimatedCompletionYear')}
        />
      </SimpleGrid>
    </Section>
  );
}
