import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type List, MAX_NAME_LENGTH, renameListBodySchema } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useRenameList } from '../api/rename-list.ts';

/** Renames a list in place; Escape or Cancel leaves the name unchanged. */
export function ListRenameForm({ list, onDone }: { list: List; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameList();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: list.name },
    validateInputOnChange: true,
    validate: validateWithSchema(renameListBodySchema, (values) => values, { name: t('lists.nameRequired') }),
  });

  return (
    <form
      onSubmit={form.onSubmit(({ name }) =>
        rename.mutate(
          { id: list.id, name },
          { onSuccess: onDone, onError: (error) => setServerErrors(form, error, t('lists.errors.update')) },
        ),
      )}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('lists.name')}
          maxLength={MAX_NAME_LENGTH}
          description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
          {...form.getInputProps('name')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          autoFocus
        />
        <Button type="submit" disabled={!form.isValid()}>
          {t('common.save')}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Group>
    </form>
  );
}
