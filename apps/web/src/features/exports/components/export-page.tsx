import { Anchor, Button, Chip, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  EXPORT_DATASET_DESCRIPTIONS,
  EXPORT_DATASET_LABELS,
  EXPORT_DATASETS,
  type ExportDataset,
  type ExportRange,
  exportRangeSchema,
} from '@offplan/shared';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sydneyToday } from '../../../lib/dates.ts';
import { exportCountQueryOptions, exportCsvUrl } from '../api/exports.ts';
import { useExportDownload } from '../hooks/use-export-download.ts';
import { EXPORT_PRESETS, type ExportPreset, presetRange, rangeLabel } from '../lib/export-range.ts';
import { ExportProgress } from './export-progress.tsx';
import { RecentExportsTable } from './recent-exports-table.tsx';

const count = new Intl.NumberFormat('en-AU');
type RangeValues = { from: string; to: string };
const rangeOf = (values: RangeValues): ExportRange => ({
  ...(values.from ? { from: values.from } : {}),
  ...(values.to ? { to: values.to } : {}),
});

function DatasetPicker({
  value,
  onChange,
}: {
  value: ExportDataset;
  onChange: (value: ExportDataset) => void;
}) {
  return (
    <Radio.Group label="Dataset" value={value} onChange={(next) => onChange(next as ExportDataset)}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
        {EXPORT_DATASETS.map((dataset) => (
          <Radio.Card key={dataset} value={dataset} p="sm" radius="md">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <div>
                <Text fw={600} size="sm">
                  {EXPORT_DATASET_LABELS[dataset]}
                </Text>
                <Text size="xs" c="dimmed">
                  {EXPORT_DATASET_DESCRIPTIONS[dataset]}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** "12,345 rows" for the chosen dataset and range, counted by the server as the export would. */
function RowCount({ dataset, range, valid }: { dataset: ExportDataset; range: ExportRange; valid: boolean }) {
  // useQuery, not a loader: the count depends on what the admin picks, and waits for a valid range.
  const counted = useQuery({ ...exportCountQueryOptions(dataset, range), enabled: valid });
  const created = rangeLabel(range) === 'all time' ? 'in all' : `created ${rangeLabel(range)}`;
  let text: string;
  if (!valid) text = 'Fix the dates to see how many rows the file will hold.';
  else if (counted.isError) text = `The rows could not be counted: ${counted.error.message}`;
  else if (!counted.data) text = 'Counting rows…';
  else if (counted.data.rows === 0)
    text = `No ${EXPORT_DATASET_LABELS[dataset].toLowerCase()} ${created === 'in all' ? 'yet' : created}. Widen the range or pick another dataset.`;
  else text = `${count.format(counted.data.rows)} ${counted.data.rows === 1 ? 'row' : 'rows'} ${created}.`;
  return (
    <Text size="sm" aria-live="polite" data-testid="export-row-count">
      {text}
    </Text>
  );
}

/**
 * /export (issue 19 item 6, platform admins): pick a dataset and the days its records were created,
 * see how many rows that is, and download the CSV with progress and a cancel. Recent exports below.
 */
export function ExportPage() {
  const [dataset, setDataset] = useState<ExportDataset>('leads');
  const [preset, setPreset] = useState<ExportPreset>('last30');
  const form = useForm<RangeValues>({
    mode: 'controlled',
    initialValues: { from: '', to: '', ...presetRange('last30') },
    validate: schemaResolver(exportRangeSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const { run, start, cancel, dismiss } = useExportDownload();
  const range = rangeOf(form.values);
  const valid = exportRangeSchema.safeParse(range).success;
  const running = run.state === 'running';

  const choosePreset = (value: string) => {
    const next = value as ExportPreset;
    setPreset(next);
    if (next !== 'custom') form.setValues({ from: '', to: '', ...presetRange(next) });
  };
  const submit = form.onSubmit((values) => void start(dataset, rangeOf(values)));
  const today = sydneyToday();

  return (
    <Stack gap="lg">
      {/* The frame's heading names the page ("Export"): a second one here only repeated it. */}
      <Text c="dimmed" size="sm">
        CSV of the portal's records, straight from the database however many there are. Every export is
        recorded with who took it.
      </Text>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <DatasetPicker value={dataset} onChange={setDataset} />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="export-range-label">
              Created
            </Text>
            <Chip.Group multiple={false} value={preset} onChange={choosePreset}>
              <Group gap="xs" role="radiogroup" aria-labelledby="export-range-label">
                {EXPORT_PRESETS.map((option) => (
                  <Chip key={option.value} value={option.value} size="sm" variant="light">
                    {option.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group grow align="flex-start" maw={480}>
              <TextInput
                type="date"
                label="From"
                description="Sydney day, included"
                max={today}
                {...form.getInputProps('from')}
                onChange={(event) => {
                  setPreset('custom');
                  form.setFieldValue('from', event.currentTarget.value);
                  // Both fields: the range's message belongs to "To" whichever end was changed.
                  form.validate();
                }}
              />
              <TextInput
                type="date"
                label="To"
                description="Sydney day, included"
                max={today}
                {...form.getInputProps('to')}
                onChange={(event) => {
                  setPreset('custom');
                  form.setFieldValue('to', event.currentTarget.value);
                  // Both fields: the range's message belongs to "To" whichever end was changed.
                  form.validate();
                }}
              />
            </Group>
          </Stack>
          <RowCount dataset={dataset} range={range} valid={valid} />
          <Group gap="md">
            <Button type="submit" leftSection={<IconDownload size={16} />} disabled={running || !valid}>
              Export {EXPORT_DATASET_LABELS[dataset].toLowerCase()} as CSV
            </Button>
            {valid ? (
              <Anchor href={exportCsvUrl(dataset, range)} size="sm" download>
                or download without progress
              </Anchor>
            ) : null}
          </Group>
          <ExportProgress run={run} onCancel={cancel} onDismiss={dismiss} />
        </Stack>
      </Paper>
      <RecentExportsTable />
    </Stack>
  );
}
