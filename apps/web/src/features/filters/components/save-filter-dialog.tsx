import { Alert, Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { CREATE_DIALOG_MAX_WIDTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '@quarry/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';

export type SaveFilterValues = { name: string; description: string; private: boolean };

/** Name (required), description and visibility of a filter being saved. */
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
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) return setNameError(t('filters.nameRequired'));
    setNameError(null);
    setBusy(true);
    try {
      await onSave({ ...values, name: values.name.trim() });
      onClose();
    } catch (e) {
      // A refusal naming the name (taken, too long) shows under it; anything else above the form.
      const failure = fieldError(e, ['name'] as const, t('errors.generic'));
      const taken = e instanceof ApiError && e.status === 409 && failure.field === 'name';
      if (failure.field === 'name') setNameError(taken ? t('filters.nameTaken') : failure.message);
      else setError(failure.message);
    } finally {
      setBusy(false);
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
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label={t('filters.name')}
            required
            data-autofocus
            maxLength={MAX_NAME_LENGTH}
            value={values.name}
            error={nameError}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          />
          <Textarea
            label={t('filters.description')}
            maxLength={MAX_TEXT_LENGTH}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          />
          <Checkbox
            label={t('filters.private')}
            description={t('filters.privateHelp')}
            checked={values.private}
            onChange={(e) => setValues({ ...values, private: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
