import {
  BUYER_TYPE_LABELS,
  ENQUIRY_BUYER_TYPES,
  FINANCE_STATUS_LABELS,
  FINANCE_STATUSES,
  LEAD_SOURCES,
  SCORING_FIELD_OPERATORS,
  type ScoringField,
  type ScoringOperator,
  type ScoringRule,
  type ScoringRuleInput,
  scoringRulesInputSchema,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
} from '@offplan/shared';
import { LEAD_SOURCE_LABELS } from './lead-format.ts';

export type Option = { value: string; label: string };
/** A rule being edited; `key` tells React which row is which while rows move. */
export type DraftRule = Omit<ScoringRuleInput, 'enabled'> & { enabled: boolean; key: string };

/** Fields whose value is one of a list: compared with "is" or "is one of". */
export const ENUM_FIELD_OPTIONS: Partial<Record<ScoringField, Option[]>> = {
  buyerType: ENQUIRY_BUYER_TYPES.map((value) => ({ value, label: BUYER_TYPE_LABELS[value] })),
  financeStatus: FINANCE_STATUSES.map((value) => ({ value, label: FINANCE_STATUS_LABELS[value] })),
  timeframe: TIMEFRAMES.map((value) => ({ value, label: TIMEFRAME_LABELS[value] })),
  source: LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] })),
};
/** The comparisons the API accepts for a field, in the order the editor offers them. */
export function operatorsFor(field: ScoringField): readonly ScoringOperator[] {
  return SCORING_FIELD_OPERATORS[field];
}

export function operatorLabel(field: ScoringField, operator: ScoringOperator): string {
  switch (operator) {
    case 'equals':
      return 'is';
    case 'in':
      return 'is one of';
    case 'gte':
      return 'is at least';
    case 'lte':
      return 'is at most';
    case 'present':
      return operatorsFor(field).length === 1 ? 'yes' : 'is given';
  }
}

/** The value a fresh condition starts with: an empty list, the first choice, zero, or none. */
export function startingValue(field: ScoringField, operator: ScoringOperator): DraftRule['value'] {
  if (operator === 'present') return null;
  if (operator === 'in') return [];
  const options = ENUM_FIELD_OPTIONS[field];
  if (operator === 'equals' && options) return options[0]?.value ?? null;
  return 0;
}

let nextKey = 0;
const newKey = () => `rule-${++nextKey}`;

export function draftFromRules(rules: readonly ScoringRule[]): DraftRule[] {
  return rules.map(({ id: _id, ...rule }) => ({ ...rule, key: newKey() }));
}

export function newDraftRule(): DraftRule {
  return {
    field: 'hasPhone',
    operator: 'present',
    value: null,
    points: 5,
    label: '',
    enabled: true,
    key: newKey(),
  };
}

/** What the API takes: the rules in order, without the editor's row keys. */
export function rulesInput(draft: readonly DraftRule[]): ScoringRuleInput[] {
  return draft.map(({ key: _key, ...rule }) => rule);
}

/** The draft's identity: a preview counts for saving only while the draft is the one previewed. */
export function draftFingerprint(draft: readonly DraftRule[]): string {
  return JSON.stringify(rulesInput(draft));
}

/** Errors per row and field, from the shared schema's paths or a 400's `rules.2.value` fields. */
export type RuleErrors = Record<number, Partial<Record<string, string>>>;

export function ruleErrorsFromFields(fields: Record<string, string> | undefined): RuleErrors {
  const errors: RuleErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const match = /^rules\.(\d+)\.(\w+)/.exec(path);
    if (!match) continue;
    const row = Number(match[1]);
    const field = match[2]!;
    errors[row] = { ...errors[row], [field]: errors[row]?.[field] ?? message };
  }
  return errors;
}

/** The draft checked in the browser with the API's own schema. Null when it passes. */
export function validateDraft(draft: readonly DraftRule[]): RuleErrors | null {
  const parsed = scoringRulesInputSchema.safeParse({ rules: rulesInput(draft) });
  if (parsed.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return ruleErrorsFromFields(fields);
}
