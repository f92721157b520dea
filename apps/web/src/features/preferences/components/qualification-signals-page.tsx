import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  QUALIFICATION_EXPLANATION_MAX,
  QUALIFICATION_SIGNAL_MAX,
  QUALIFICATION_SIGNAL_TYPES,
  type QualificationSignalType,
  type StoredQualificationSignal,
} from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../lib/field-error.ts';
import { useQualificationSignals, useSaveQualificationSignal } from '../api/qualification-signals.ts';
import { useFormReveal } from '../hooks/use-form-reveal.ts';
import { CharacterCounter } from './character-counter.tsx';
import { confirmPreferenceDelete } from './confirm-delete.ts';
import { escapeToCancel } from './escape-to-cancel.ts';
import { ReadOnlyNote } from './read-only-note.tsx';

const COLOR: Record<QualificationSignalType, string> = { good: 'green', bad: 'red', requirement: 'blue' };
type Draft = { id?: string; type: QualificationSignalType; text: string; explanation: string };
const EMPTY: Draft = { type: 'good', text: '', explanation: '' };
/** The inputs of the form, named as the API names them. */
const SIGNAL_FIELDS = ['type', 'text', 'explanation'] as const;
type SignalField = (typeof SIGNAL_FIELDS)[number];

/** /preferences/qualificationsignals: good, bad and requirement signals (text 100, explanation 150). */
export function QualificationSignalsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const signals = useQualificationSignals();
  const save = useSaveQualificationSignal();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { formRef, firstFieldRef, reveal } = useFormReveal<HTMLDivElement, HTMLInputElement>();
  // Counted as the server counts them: after trimming.
  const textLength = draft.text.trim().length;
  const explanationLength = draft.explanation.trim().length;
  const textTooLong = textLength > QUALIFICATION_SIGNAL_MAX;
  const explanationTooLong = explanationLength > QUALIFICATION_EXPLANATION_MAX;
  const invalid = draft.text.trim().length === 0 || textTooLong || explanationTooLong;
  // A refused save shows under the input the server names; the draft is kept as typed.
  const failure = save.isError ? fieldError(save.error, SIGNAL_FIELDS, t('preferences.saveError')) : null;
  const serverError = (field: SignalField) => (failure?.field === field ? failure.message : undefined);
  /** Editing the input a refusal names clears that refusal. */
  const edited = (field: SignalField) => {
    if (failure?.field === field) save.reset();
  };

  const submit = () => {
    if (invalid) return;
    const { id, ...body } = draft;
    save.mutate({ id, body }, { onSuccess: () => setDraft(EMPTY) });
  };
  const edit = (s: StoredQualificationSignal) => {
    save.reset();
    setDraft({ id: s.id, type: s.type, text: s.text, explanation: s.explanation });
    reveal();
  };
  const cancel = () => {
    save.reset();
    setDraft(EMPTY);
  };
  const remove = async (s: StoredQualificationSignal) => {
    if (!(await confirmPreferenceDelete('signal', s.text))) return;
    save.mutate({ id: s.id, remove: true }, { onSuccess: () => setDraft((d) => (d.id === s.id ? EMPTY : d)) });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('screens.qualificationSignals.title')}</Title>
        <Text c="dimmed">{t('screens.qualificationSignals.description')}</Text>
      </div>
      {!canEdit && <ReadOnlyNote />}
      {canEdit && (
        <Card
          ref={formRef}
          withBorder
          onKeyDown={draft.id ? escapeToCancel(cancel) : undefined}
          data-testid="signal-form"
        >
          <Stack gap="xs">
            <Select
              ref={firstFieldRef}
              label={t('preferences.signalType')}
              data={QUALIFICATION_SIGNAL_TYPES.map((type) => ({
                value: type,
                label: t(`preferences.signalTypes.${type}`),
              }))}
              value={draft.type}
              onChange={(v) => {
                edited('type');
                setDraft((d) => ({ ...d, type: (v as QualificationSignalType | null) ?? 'good' }));
              }}
              error={serverError('type')}
              allowDeselect={false}
              w={220}
            />
            <div>
              <TextInput
                label={t('preferences.signalText')}
                value={draft.text}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  edited('text');
                  setDraft((d) => ({ ...d, text }));
                }}
                error={textTooLong ? t('preferences.tooLong', { max: QUALIFICATION_SIGNAL_MAX }) : serverError('text')}
              />
              <CharacterCounter length={textLength} max={QUALIFICATION_SIGNAL_MAX} />
            </div>
            <div>
              <Textarea
                label={t('preferences.signalExplanation')}
                value={draft.explanation}
                autosize
                minRows={2}
                onChange={(e) => {
                  const explanation = e.currentTarget.value;
                  edited('explanation');
                  setDraft((d) => ({ ...d, explanation }));
                }}
                error={
                  explanationTooLong
                    ? t('preferences.tooLong', { max: QUALIFICATION_EXPLANATION_MAX })
                    : serverError('explanation')
                }
              />
              <CharacterCounter length={explanationLength} max={QUALIFICATION_EXPLANATION_MAX} />
            </div>
            <Group>
              <Button onClick={submit} disabled={invalid} loading={save.isPending}>
                {draft.id ? t('preferences.save') : t('preferences.add')}
              </Button>
              {draft.id && (
                <Button variant="subtle" onClick={cancel}>
                  {t('common.cancel')}
                </Button>
              )}
            </Group>
            {failure && !failure.field && <Alert color="red">{failure.message}</Alert>}
          </Stack>
        </Card>
      )}
      {signals.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {signals.data?.length === 0 && <Text c="dimmed">{t('preferences.noSignals')}</Text>}
      {signals.data?.map((s) => (
        <Card key={s.id} withBorder data-testid="qualification-signal">
          {/* On a narrow screen the actions wrap below the text instead of leaving the screen. */}
          <Group justify="space-between" align="flex-start">
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <Badge color={COLOR[s.type]} variant="light">
                  {t(`preferences.signalTypes.${s.type}`)}
                </Badge>
                <Text fw={600}>{s.text}</Text>
              </Group>
              {s.explanation && (
                <Text size="sm" c="dimmed">
                  {s.explanation}
                </Text>
              )}
            </Stack>
            {canEdit && (
              <Group gap="xs">
                <Button size="xs" variant="subtle" onClick={() => edit(s)}>
                  {t('preferences.edit')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => void remove(s)}>
                  {t('preferences.delete')}
                </Button>
              </Group>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
