import { Alert, Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateSavedFilterBodySchema } from '@quarry/shared';
import { CREATE_DIALOG_MAX_WIDTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '@quarry/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';

export type SaveFilterValues = { name: string; description: string; private: boolean };

/** Name (required), description and visibility of a filter being saved, checked with the API's own rules. */
export function SaveFilterDialog({
  opened,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial: SaveFilterValues;
  onClose: () => void;
  onSave: (values: SaveFilterValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<SaveFilterValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateWithSchema(updateSavedFilterBodySchema, (values) => values, {
      name: t('filters.nameRequired'),
      description: t('errors.generic'),
    }),
  });
  const [error, setError] = useState<string | null>(null);

  async function save(values: SaveFilterValues) {
    try {
      await onSave({ ...values, name: values.name.trim() });
      onClose();
    } catch (e) {
      // A refusal naming the name (taken, too long) shows under it; anything else above the form.
      const failure = fieldError(e, ['name', 'description'] as const, t('errors.generic'));
      const taken = e instanceof ApiError && e.status === 409 && failure.field === 'name';
      if (failure.field) form.setFieldError(failure.field, taken ? t('filters.nameTaken') : failure.message);
      else setError(failure.message);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('filters.saveTitle')}
      size={CREATE_DIALOG_MAX_WIDTH}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(save, focusFirstInvalid)} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label={t('filters.name')}
            required
            data-autofocus
            maxLength={MAX_NAME_LENGTH}
            description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('filters.description')}
            maxLength={MAX_TEXT_LENGTH}
            {...form.getInputProps('description')}
          />
          <Checkbox
            label={t('filters.private')}
            description={t('filters.privateHelp')}
            {...form.getInputProps('private', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
