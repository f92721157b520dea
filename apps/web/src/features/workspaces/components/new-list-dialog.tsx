import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type List, MAX_NAME_LENGTH } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceActions } from '../api/workspaces.ts';
import { useMemberWorkspaces } from '../hooks/use-member-workspaces.ts';

/**
 * "New list…" from an "Add to list" menu: asks for the list's name, and its workspace when the user
 * has several. A user with none gets their first workspace made for it. The list is created
 * through the workspace API (which keeps its own rules); `onCreated` then adds the items.
 */
export function NewListDialog({
  opened,
  type,
  onClose,
  onCreated,
}: {
  opened: boolean;
  type: 'accounts' | 'contacts';
  onClose: () => void;
  onCreated: (list: List) => Promise<void>;
}) {
  const { t } = useTranslation();
  const actions = useWorkspaceActions();
  const { workspaces, isPending, isError } = useMemberWorkspaces(opened);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const nameMissing = name.trim() === '';
  const workspaceId = chosen ?? workspaces[0]?.id ?? null;
  const firstWorkspaceName = t('lists.firstWorkspaceName');

  function close() {
    onClose();
    setName('');
    setTouched(false);
    setChosen(null);
    setFailed(false);
  }

  /** The chosen workspace, or the user's first one, made now. */
  async function destination(): Promise<string | null> {
    if (workspaceId) return workspaceId;
    const created = await actions.create({ name: firstWorkspaceName });
    return created ? created.id : null;
  }

  async function create() {
    if (nameMissing || isPending || isError) return;
    setSaving(true);
    setFailed(false);
    try {
      const id = await destination();
      const list = id ? await actions.createList(id, { name: name.trim(), type }) : false;
      // The dialog stays open with what was typed, and says so where the user is looking.
      if (!list) {
        setFailed(true);
        return;
      }
      close();
      await onCreated(list);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(type === 'contacts' ? 'lists.newContactList' : 'lists.newAccountList')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Stack>
          <TextInput
            label={t('lists.name')}
            value={name}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setTouched(true);
            }}
            onKeyDown={(e) => {
              // Create is disabled while the name is empty, so Enter would submit nothing: say why.
              if (e.key === 'Enter' && nameMissing) setTouched(true);
            }}
            error={touched && nameMissing ? t('lists.nameRequired') : undefined}
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
          ) : workspaces.length > 1 ? (
            <Select
              label={t('lists.workspace')}
              data={workspaces.map((w) => ({ value: w.id, label: w.name }))}
              value={workspaceId}
              onChange={setChosen}
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
            <Button type="submit" disabled={nameMissing || isPending || isError} loading={saving}>
              {t('lists.createAndAdd')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
