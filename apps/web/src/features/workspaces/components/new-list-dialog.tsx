import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createListBodySchema, type List, MAX_NAME_LENGTH } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitNote } from '../../../components/character-counter.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useCreateList } from '../api/create-list.ts';
import { useCreateWorkspace } from '../api/create-workspace.ts';
import { useMemberWorkspaces } from '../hooks/use-member-workspaces.ts';

/** The workspace choice that makes the user's first own workspace for the list. */
const NEW_OWN_WORKSPACE = '__new_own__';

/**
 * "New list…" from an "Add to list" menu: asks for the list's name, and its workspace when the user
 * has several. A user with none gets their first workspace made for it, and one who owns none is
 * offered that first, before the colleagues' workspaces shared with them. The list is created
 * through the workspace API (which keeps its own rules); `onCreated` then adds the items.
 */
export function NewListDialog({
  opened,
  type,
  onClose,
  onCreated,
  submitLabel,
}: {
  opened: boolean;
  type: 'accounts' | 'contacts';
  onClose: () => void;
  onCreated: (list: List) => Promise<void>;
  /** The create button's words; "Create and add" by default. */
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const createWorkspace = useCreateWorkspace();
  const createList = useCreateList();
  const { workspaces, ownsOne, isPending, isError } = useMemberWorkspaces(opened);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', workspace: null as string | null },
    validateInputOnChange: ['name'],
    validate: validateWithSchema(createListBodySchema, ({ name }: { name: string }) => ({ name, type }), {
      name: t('lists.nameRequired'),
    }),
  });
  const [failed, setFailed] = useState(false);
  const nameMissing = !form.isValid('name');
  const firstWorkspaceName = t('lists.firstWorkspaceName');
  // A user who owns no workspace is offered one of their own first: a list made in a colleague's
  // workspace is the colleague's to keep, and gone for the user who leaves it.
  const choices = [
    ...(ownsOne || workspaces.length === 0
      ? []
      : [{ value: NEW_OWN_WORKSPACE, label: t('lists.newOwnWorkspace', { name: firstWorkspaceName }) }]),
    ...workspaces.map((w) => ({ value: w.id, label: w.name })),
  ];
  const workspaceId = form.getValues().workspace ?? choices[0]?.value ?? null;

  function close() {
    onClose();
    form.reset();
    setFailed(false);
  }

  /** The chosen workspace, or the user's first one, made now. */
  async function destination(): Promise<string> {
    if (workspaceId && workspaceId !== NEW_OWN_WORKSPACE) return workspaceId;
    return (await createWorkspace.mutateAsync({ name: firstWorkspaceName })).id;
  }

  async function create({ name }: { name: string }) {
    if (isPending || isError) return;
    setFailed(false);
    let list: List;
    try {
      list = await createList.mutateAsync({ workspaceId: await destination(), name: name.trim(), type });
    } catch {
      // The dialog stays open with what was typed, and says so where the user is looking.
      setFailed(true);
      return;
    }
    close();
    await onCreated(list);
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(type === 'contacts' ? 'lists.newContactList' : 'lists.newAccountList')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(create, focusFirstInvalid)}>
        <Stack>
          <TextInput
            label={t('lists.name')}
            maxLength={MAX_NAME_LENGTH}
            description={limitNote(form.getValues().name.length, MAX_NAME_LENGTH)}
            {...form.getInputProps('name')}
            onKeyDown={(e) => {
              // Create is disabled while the name is empty, so Enter would submit nothing: say why.
              if (e.key === 'Enter' && nameMissing) form.validateField('name');
            }}
            required
            data-autofocus
          />
          {isError ? (
            <Text size="sm" c="red">
              {t('workspaces.errors.load')}
            </Text>
          ) : isPending ? (
            <Text size="sm" c="dimmed">
              {t('common.loading')}
            </Text>
          ) : choices.length > 1 ? (
            <Select
              label={t('lists.workspace')}
              data={choices}
              {...form.getInputProps('workspace')}
              value={workspaceId}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="new-list-workspace">
              {workspaces[0]
                ? t('lists.inWorkspace', { name: workspaces[0].name })
                : t('lists.firstWorkspaceNote', { name: firstWorkspaceName })}
            </Text>
          )}
          {failed && (
            <Alert color="red" role="alert" data-testid="new-list-failed">
              {t('lists.createFailed')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={nameMissing || isPending || isError} loading={form.submitting}>
              {submitLabel ?? t('lists.createAndAdd')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
