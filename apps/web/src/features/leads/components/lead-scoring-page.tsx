import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { LEAD_RESCORE_WINDOW_DAYS, LEAD_SCORE_DECAY_AFTER_DAYS } from '@offplan/shared';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import {
  scoringRulesAnswerSchema,
  scoringRulesQueryOptions,
  usePreviewScoringRules,
  useSaveScoringRules,
} from '../api/lead-scoring.ts';
import {
  type DraftRule,
  draftFingerprint,
  draftFromRules,
  newDraftRule,
  type RuleErrors,
  ruleErrorsFromFields,
  rulesInput,
  validateDraft,
} from '../lib/scoring-draft.ts';
import { ScoringPreview } from './scoring-preview.tsx';
import { ScoringRuleRow } from './scoring-rule-row.tsx';

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * /lead-scoring (design §3, platform admins): the rules as an editable list. A draft is previewed on
 * the most recent leads before it can be saved (design: preview before saving).
 */
export function LeadScoringPage() {
  const { data } = useSuspenseQuery(scoringRulesQueryOptions());
  const [draft, setDraft] = useState<DraftRule[]>(() => draftFromRules(data.rules));
  const [errors, setErrors] = useState<RuleErrors>({});
  const [previewedFingerprint, setPreviewedFingerprint] = useState<string | null>(null);
  const preview = usePreviewScoringRules();
  const save = useSaveScoringRules();
  const fingerprint = draftFingerprint(draft);
  const previewIsCurrent = previewedFingerprint === fingerprint && preview.data !== undefined;

  const edit = (next: DraftRule[]) => {
    setDraft(next);
    setErrors({});
  };
  const checked = (): boolean => {
    const found = validateDraft(draft);
    setErrors(found ?? {});
    return found === null;
  };
  const runPreview = () => {
    if (!checked()) return;
    preview.mutate(rulesInput(draft), {
      onSuccess: () => setPreviewedFingerprint(fingerprint),
      onError: (error) => setErrors(ruleErrorsFromFields(error.fields)),
    });
  };
  const runSave = () => {
    if (!checked()) return;
    save.mutate(rulesInput(draft), {
      onSuccess: (answer) => {
        const saved = scoringRulesAnswerSchema.safeParse(answer);
        if (saved.success) {
          const next = draftFromRules(saved.data.rules);
          setDraft(next);
          setPreviewedFingerprint(draftFingerprint(next));
        }
        notifications.show({
          color: 'green',
          title: 'Scoring rules saved',
          message: `New leads, and open leads of the last ${LEAD_RESCORE_WINDOW_DAYS} days, are scored by these rules.`,
        });
      },
      onError: (error) => setErrors(ruleErrorsFromFields(error.fields)),
    });
  };
  const failure = save.error ?? preview.error;

  return (
    <Stack gap="lg">
      {/* The frame's heading names the page (Lead Scoring): a second one here only repeated it. */}
      <Text size="sm" c="dimmed">
        Each enabled rule that matches an enquiry adds its points; the score is held between 0 and 100 and
        loses value after {LEAD_SCORE_DECAY_AFTER_DAYS} days without activity. Preview a change on the most
        recent leads before saving it; saving re-scores the leads still being worked that arrived in the last{' '}
        {LEAD_RESCORE_WINDOW_DAYS} days.
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {/* A list of rules that wrap to the width they get, not a table: never a sideways scroll. */}
          <Box
            component="ul"
            role="list"
            aria-label="Scoring rules"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {draft.map((rule, index) => (
              <ScoringRuleRow
                key={rule.key}
                rule={rule}
                index={index}
                count={draft.length}
                errors={errors[index]}
                onChange={(next) => edit(draft.map((item, at) => (at === index ? next : item)))}
                onMove={(from, to) => edit(moved(draft, from, to))}
                onRemove={(at) => edit(draft.filter((_, position) => position !== at))}
              />
            ))}
          </Box>
          {draft.length === 0 ? (
            <Text size="sm" c="dimmed">
              No rules: every lead would score 0.
            </Text>
          ) : null}
          <FormError message={failure && !failure.fields ? failure.message : null} />
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} stroke={1.6} />}
              onClick={() => edit([...draft, newDraftRule()])}
            >
              Add rule
            </Button>
            <Group gap="xs">
              {previewIsCurrent ? null : (
                <Text size="sm" c="dimmed">
                  Preview the rules to save them.
                </Text>
              )}
              <Button
                variant="light"
                leftSection={<IconEye size={16} stroke={1.6} />}
                loading={preview.isPending}
                onClick={runPreview}
              >
                Preview
              </Button>
              <Button onClick={runSave} loading={save.isPending} disabled={!previewIsCurrent}>
                Save rules
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {preview.data ? <ScoringPreview preview={preview.data} stale={!previewIsCurrent} /> : null}
    </Stack>
  );
}
