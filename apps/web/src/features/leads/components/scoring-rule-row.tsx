import {
  ActionIcon,
  Box,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
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

/**
 * The value control fitting the rule: a list for "is one of", a choice, a number, or none. Every
 * control shows its column's name above it (the rows wrap, so there is no header row to read it from)
 * and keeps the rule's number in its accessible name.
 */
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
      <Input.Wrapper label="Value" labelElement="div" size="xs">
        <Text size="sm" c="dimmed" lh="30px" aria-label={`${name} value`}>
          —
        </Text>
      </Input.Wrapper>
    );
  }
  if (options && rule.operator === 'in') {
    return (
      <MultiSelect
        label="Values"
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
        label="Value"
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
      label="Value"
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

type RulePartProps = Pick<ScoringRuleRowProps, 'rule' | 'errors' | 'onChange'> & { name: string };

/** When the rule matches: field, condition and value. */
function RuleCondition({ rule, name, errors, onChange }: RulePartProps) {
  const operators = operatorsFor(rule.field);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" flex="1 1 476px">
      <Select
        label="Field"
        aria-label={`${name} field`}
        data={FIELD_OPTIONS}
        value={rule.field}
        allowDeselect={false}
        size="xs"
        flex="1 1 176px"
        error={errors?.field}
        onChange={(value) => {
          const field = (value ?? rule.field) as ScoringField;
          const operator = operatorsFor(field)[0]!;
          onChange({ ...rule, field, operator, value: startingValue(field, operator) });
        }}
      />
      <Select
        label="Condition"
        aria-label={`${name} condition`}
        data={operators.map((operator) => ({
          value: operator,
          label: operatorLabel(rule.field, operator),
        }))}
        value={rule.operator}
        allowDeselect={false}
        size="xs"
        flex="0 1 104px"
        error={errors?.operator}
        onChange={(value) => {
          const operator = (value ?? rule.operator) as ScoringOperator;
          onChange({ ...rule, operator, value: startingValue(rule.field, operator) });
        }}
      />
      <Box flex="1 1 176px" miw={0}>
        <RuleValue
          rule={rule}
          name={name}
          error={errors?.value}
          onChange={(value) => onChange({ ...rule, value })}
        />
      </Box>
    </Group>
  );
}

/** What the rule gives: points, the label the drawer shows, and whether it is on. */
function RuleOutcome({ rule, name, errors, onChange }: RulePartProps) {
  const enabledId = useId();
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" flex="1 1 304px" miw={0}>
      <NumberInput
        label="Points"
        aria-label={`${name} points`}
        value={rule.points}
        min={-100}
        max={100}
        allowDecimal={false}
        size="xs"
        w={72}
        flex="0 0 auto"
        error={errors?.points}
        onChange={(value) => onChange({ ...rule, points: typeof value === 'number' ? value : 0 })}
      />
      <TextInput
        label="Label"
        aria-label={`${name} label`}
        value={rule.label}
        maxLength={80}
        size="xs"
        flex="1 1 160px"
        miw={0}
        error={errors?.label}
        onChange={(event) => onChange({ ...rule, label: event.currentTarget.value })}
      />
      <Input.Wrapper label="Enabled" id={enabledId} size="xs" flex="0 0 auto">
        <Group h={30}>
          <Switch
            id={enabledId}
            aria-label={`${name} enabled`}
            checked={rule.enabled}
            onChange={(event) => onChange({ ...rule, enabled: event.currentTarget.checked })}
          />
        </Group>
      </Input.Wrapper>
    </Group>
  );
}

/**
 * One editable scoring rule: field, condition, value, points, label, on/off, order. The condition and
 * the outcome sit side by side where there is room and one above the other where there is not, so the
 * editor never scrolls sideways.
 */
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
  const part = { rule, name, errors, onChange };
  return (
    <Box
      component="li"
      data-testid="scoring-rule"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="wrap" flex="1 1 320px" miw={0}>
          <RuleCondition {...part} />
          <RuleOutcome {...part} />
        </Group>
        {/* Level with the fields, below their labels. */}
        <Group gap={4} wrap="nowrap" mt={26}>
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
      </Group>
    </Box>
  );
}
