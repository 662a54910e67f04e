import {
  ActionIcon,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  SCORING_FIELD_LABELS,
  SCORING_FIELDS,
  type ScoringField,
  type ScoringOperator,
} from '@offplan/shared';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import {
  type DraftRule,
  ENUM_FIELD_OPTIONS,
  operatorLabel,
  operatorsFor,
  startingValue,
} from '../lib/scoring-draft.ts';

const FIELD_OPTIONS = SCORING_FIELDS.map((value) => ({ value, label: SCORING_FIELD_LABELS[value] }));

type ScoringRuleRowProps = {
  rule: DraftRule;
  index: number;
  count: number;
  errors: Partial<Record<string, string>> | undefined;
  onChange: (rule: DraftRule) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/** The value control fitting the rule: a list for "is one of", a choice, a number, or none. */
function RuleValue({
  rule,
  name,
  error,
  onChange,
}: {
  rule: DraftRule;
  name: string;
  error: string | undefined;
  onChange: (value: DraftRule['value']) => void;
}) {
  const options = ENUM_FIELD_OPTIONS[rule.field];
  if (rule.operator === 'present') {
    return (
      <Text size="sm" c="dimmed" aria-label={`${name} value`}>
        —
      </Text>
    );
  }
  if (options && rule.operator === 'in') {
    return (
      <MultiSelect
        aria-label={`${name} values`}
        data={options}
        value={Array.isArray(rule.value) ? rule.value : []}
        onChange={onChange}
        error={error}
        size="xs"
      />
    );
  }
  if (options) {
    return (
      <Select
        aria-label={`${name} value`}
        data={options}
        value={typeof rule.value === 'string' ? rule.value : null}
        onChange={(value) => onChange(value)}
        allowDeselect={false}
        error={error}
        size="xs"
      />
    );
  }
  return (
    <NumberInput
      aria-label={`${name} value`}
      value={typeof rule.value === 'number' ? rule.value : ''}
      onChange={(value) => onChange(typeof value === 'number' ? value : null)}
      min={0}
      thousandSeparator=","
      error={error}
      size="xs"
    />
  );
}

/** One editable scoring rule: field, condition, value, points, label, on/off, order. */
export function ScoringRuleRow({
  rule,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: ScoringRuleRowProps) {
  const name = `Rule ${index + 1}`;
  const operators = operatorsFor(rule.field);
  return (
    <Table.Tr data-testid="scoring-rule">
      <Table.Td>
        <Select
          aria-label={`${name} field`}
          data={FIELD_OPTIONS}
          value={rule.field}
          allowDeselect={false}
          size="xs"
          miw={180}
          error={errors?.field}
          onChange={(value) => {
            const field = (value ?? rule.field) as ScoringField;
            const operator = operatorsFor(field)[0]!;
            onChange({ ...rule, field, operator, value: startingValue(field, operator) });
          }}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`${name} condition`}
          data={operators.map((operator) => ({
            value: operator,
            label: operatorLabel(rule.field, operator),
          }))}
          value={rule.operator}
          allowDeselect={false}
          size="xs"
          error={errors?.operator}
          onChange={(value) => {
            const operator = (value ?? rule.operator) as ScoringOperator;
            onChange({ ...rule, operator, value: startingValue(rule.field, operator) });
          }}
        />
      </Table.Td>
      <Table.Td>
        <RuleValue
          rule={rule}
          name={name}
          error={errors?.value}
          onChange={(value) => onChange({ ...rule, value })}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${name} points`}
          value={rule.points}
          min={-100}
          max={100}
          allowDecimal={false}
          size="xs"
          w={80}
          error={errors?.points}
          onChange={(value) => onChange({ ...rule, points: typeof value === 'number' ? value : 0 })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${name} label`}
          value={rule.label}
          maxLength={80}
          size="xs"
          miw={200}
          error={errors?.label}
          onChange={(event) => onChange({ ...rule, label: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${name} enabled`}
          checked={rule.enabled}
          onChange={(event) => onChange({ ...rule, enabled: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${name.toLowerCase()} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconArrowUp size={16} stroke={1.6} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${name.toLowerCase()} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconArrowDown size={16} stroke={1.6} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${name.toLowerCase()}`}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={16} stroke={1.6} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
