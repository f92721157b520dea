import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, updateWorkspaceBodySchema, type Workspace } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useUpdateWorkspace } from '../api/update-workspace.ts';
import { useWorkspaceUpdating } from '../hooks/use-workspace-updating.ts';

/** The owner renaming a workspace or changing its description; Escape or Cancel leaves it unchanged. */
export function WorkspaceEditForm({ workspace: w, onDone }: { workspace: Workspace; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWorkspace();
  const updating = useWorkspaceUpdating();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: w.name, description: w.description },
    validateInputOnChange: true,
    validate: validateWithSchema(updateWorkspaceBodySchema, (values) => values, {
      name: t('workspaces.nameRequired'),
      description: t('errors.generic'),
    }),
  });

  return (
    <form
      onSubmit={form.onSubmit((patch) =>
        update.mutate(
          { id: w.id, patch },
          { onSuccess: onDone, onError: (error) => setServerErrors(form, error, t('workspaces.errors.update')) },
        ),
      )}
    >
      <Stack gap="xs">
        <TextInput
          label={t('workspaces.name')}
          maxLength={MAX_NAME_LENGTH}
          description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
          {...form.getInputProps('name')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          data-autofocus
          autoFocus
        />
        <Textarea
          label={t('workspaces.description')}
          maxLength={MAX_TEXT_LENGTH}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Group>
          <Button type="submit" disabled={!form.isValid()} loading={updating}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
