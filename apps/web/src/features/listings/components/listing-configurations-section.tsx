import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ListingForm, newConfigurationRow } from '../lib/listing-form.ts';
import { Section } from './listing-section.tsx';

/** The configurations: one row per type of home, added and removed here. */
export function ListingConfigurationsSection({ form }: { form: ListingForm }) {
  return (
    <Section title="Configurations" description="Each type of home for sale, with its price range and stock.">
      {form.values.configurations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No configurations yet.
        </Text>
      ) : null}
      {form.values.configurations.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" bg="var(--mantine-color-default-hover)">
          <Stack gap="xs" role="group" aria-label={`Configuration ${index + 1}`}>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Name"
                placeholder="e.g. 2 bedroom apartment"
                style={{ flex: 1 }}
                {...form.getInputProps(`configurations.${index}.name`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove configuration ${index + 1}`}
                onClick={() => form.removeListItem('configurations', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs">
              <NumberInput
                label="Bedrooms"
                min={0}
                max={99}
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.bedrooms`)}
              />
              <NumberInput
                label="Bathrooms"
                min={0}
                max={99}
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.bathrooms`)}
              />
              <NumberInput
                label="Car spaces"
                min={0}
                max={99}
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.carSpaces`)}
              />
              <NumberInput
                label="Price from"
                prefix="$"
                min={0}
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.priceFrom`)}
              />
              <NumberInput
                label="Price to"
                prefix="$"
                min={0}
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.priceTo`)}
              />
              <NumberInput
                label="Internal size (m²)"
                min={0}
                decimalScale={2}
                {...form.getInputProps(`configurations.${index}.internalSizeSqm`)}
              />
              <NumberInput
                label="Stock available"
                min={0}
                allowDecimal={false}
                {...form.getInputProps(`configurations.${index}.stockAvailable`)}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => form.insertListItem('configurations', newConfigurationRow())}
      >
        Add configuration
      </Button>
    </Section>
  );
}
