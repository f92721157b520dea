import { Card, MultiSelect, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAX_NAME_LENGTH,
  phraseHasWord,
  TRIGGER_HIT_TYPES,
  TRIGGER_PHRASE_MAX_LENGTH,
  TRIGGER_PHRASES_MAX,
  type TriggerHitType,
} from '@quarry/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../../components/character-counter.tsx';
import { useRemovablePills } from '../../../components/removable-pill.tsx';
import { withPendingTag } from '../utils/with-pending-tag.ts';
import { escapeToCancel } from './escape-to-cancel.ts';
import { FormActions } from './form-actions.tsx';

/** The form's values: the body's fields as the API names them, and the phrase still typed in its input. */
export type TriggerValues = {
  name: string;
  hit_type: TriggerHitType;
  phrases: string[];
  hypothesis_ids: string[];
  typed_phrase: string;
};

/** The trigger a form's values save: a phrase still typed counts as added. */
export const triggerBodyOf = ({ typed_phrase, phrases, ...rest }: TriggerValues) => ({
  ...rest,
  phrases: withPendingTag(phrases, typed_phrase),
});

/** Whether a phrase (typed or added) is longer than the server takes, counted after trimming as it counts. */
export const hasLongPhrase = ({ phrases, typed_phrase }: TriggerValues) =>
  [...phrases, typed_phrase].some((p) => p.trim().length > TRIGGER_PHRASE_MAX_LENGTH);

/** Whether a phrase (typed or added) is punctuation alone, which the server refuses: it never matches. */
export const hasWordlessPhrase = ({ phrases, typed_phrase }: TriggerValues) =>
  [...phrases, typed_phrase].some((p) => p.trim() !== '' && !phraseHasWord(p));

/**
 * The form that adds a trigger, or edits the one chosen (`editing`): name with its counter, hit
 * type, phrases (a phrase typed but not added with Enter counts), the hypotheses it supports,
 * Save or Add, and Cancel (Escape too) while editing. Add waits for a name and phrases in limits.
 */
export function TriggerForm({
  form,
  editing,
  saving,
  failure,
  hypothesisOptions,
  onSubmit,
  onCancel,
  formRef,
  firstFieldRef,
}: {
  form: UseFormReturnType<TriggerValues>;
  editing: boolean;
  saving: boolean;
  /** A refused save that names no input: shown under the form. */
  failure: string | null;
  hypothesisOptions: { value: string; label: string }[];
  onSubmit: () => void;
  onCancel: () => void;
  formRef: Ref<HTMLDivElement>;
  firstFieldRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const removablePill = useRemovablePills();
  const values = form.getValues();
  const cannotSave = !form.isValid('name') || hasLongPhrase(values);

  return (
    <Card
      ref={formRef}
      withBorder
      onKeyDown={editing ? escapeToCancel(onCancel) : undefined}
      data-testid="trigger-form"
    >
      {/* A form, so that Enter in the name saves as in the other preference forms; Enter in the
          phrases adds the phrase typed, and submits only when none is being typed. */}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!cannotSave && !saving) onSubmit();
        }}
      >
        <Stack gap="xs">
          {/* Side by side where there is room; on a phone one under the other, so the type reads whole
            ("Événement" had shown as "Événemen"). */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="xs">
            <div>
              <TextInput ref={firstFieldRef} label={t('preferences.triggerName')} {...form.getInputProps('name')} />
              {/* Counted as the server counts: after trimming. */}
              <CharacterCounter length={values.name.trim().length} max={MAX_NAME_LENGTH} />
            </div>
            <Select
              label={t('preferences.hitType')}
              data={TRIGGER_HIT_TYPES.map((type) => ({ value: type, label: t(`preferences.hitTypes.${type}`) }))}
              {...form.getInputProps('hit_type')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <TagsInput
            label={t('preferences.phrases')}
            renderPill={removablePill}
            description={t('preferences.phrasesHint')}
            maxTags={TRIGGER_PHRASES_MAX}
            maxLength={TRIGGER_PHRASE_MAX_LENGTH}
            {...form.getInputProps('phrases')}
            searchValue={values.typed_phrase}
            onSearchChange={(typed) => {
              form.setFieldValue('typed_phrase', typed);
              // A phrase being typed answers "add at least one phrase".
              if (form.errors.phrases) form.validateField('phrases');
            }}
          />
          <MultiSelect
            renderPill={removablePill}
            label={t('preferences.triggerHypotheses')}
            placeholder={t('preferences.allHypotheses')}
            data={hypothesisOptions}
            {...form.getInputProps('hypothesis_ids')}
          />
          <FormActions editing={editing} saving={saving} disabled={cannotSave} failure={failure} onCancel={onCancel} />
        </Stack>
      </form>
    </Card>
  );
}
