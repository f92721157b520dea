import { Card, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  QUALIFICATION_EXPLANATION_MAX,
  QUALIFICATION_SIGNAL_MAX,
  QUALIFICATION_SIGNAL_TYPES,
  type QualificationSignalType,
} from '@quarry/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../../components/character-counter.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { escapeToCancel } from './escape-to-cancel.ts';
import { FormActions } from './form-actions.tsx';

export type SignalValues = { type: QualificationSignalType; text: string; explanation: string };

/**
 * The form that adds a qualification signal, or edits the one chosen (`editing`): its inputs,
 * their counters and errors, Save or Add, and Cancel (Escape too) while editing.
 */
export function QualificationSignalForm({
  form,
  editing,
  saving,
  failure,
  onSubmit,
  onCancel,
  formRef,
  firstFieldRef,
}: {
  form: UseFormReturnType<SignalValues>;
  editing: boolean;
  saving: boolean;
  /** A refused save that names no input: shown under the form. */
  failure: string | null;
  onSubmit: (values: SignalValues) => void;
  onCancel: () => void;
  formRef: Ref<HTMLDivElement>;
  firstFieldRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const { text, explanation } = form.getValues();

  return (
    <Card ref={formRef} withBorder onKeyDown={editing ? escapeToCancel(onCancel) : undefined} data-testid="signal-form">
      <form onSubmit={form.onSubmit(onSubmit, focusFirstInvalid)}>
        <Stack gap="xs">
          <Select
            ref={firstFieldRef}
            label={t('preferences.signalType')}
            data={QUALIFICATION_SIGNAL_TYPES.map((type) => ({
              value: type,
              label: t(`preferences.signalTypes.${type}`),
            }))}
            {...form.getInputProps('type')}
            allowDeselect={false}
            w={220}
          />
          <div>
            <TextInput label={t('preferences.signalText')} {...form.getInputProps('text')} />
            {/* Counted as the server counts them: after trimming. */}
            <CharacterCounter length={text.trim().length} max={QUALIFICATION_SIGNAL_MAX} />
          </div>
          <div>
            <Textarea
              label={t('preferences.signalExplanation')}
              autosize
              minRows={2}
              {...form.getInputProps('explanation')}
            />
            <CharacterCounter length={explanation.trim().length} max={QUALIFICATION_EXPLANATION_MAX} />
          </div>
          <FormActions
            editing={editing}
            saving={saving}
            disabled={!form.isValid()}
            failure={failure}
            onCancel={onCancel}
          />
        </Stack>
      </form>
    </Card>
  );
}
