import { ActionIcon, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Workspace } from '@quarry/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDeleteWorkspace } from '../api/delete-workspace.ts';
import { useWorkspaceUpdating } from '../hooks/use-workspace-updating.ts';
import { WorkspaceEditForm } from './workspace-edit-form.tsx';
import classes from './workspace-page.module.css';

/** The workspace's name and description, with rename and delete for its owner and the updating flag. */
export function WorkspaceHeader({ workspace: w, owner }: { workspace: Workspace; owner: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteWorkspace();
  const updating = useWorkspaceUpdating();
  const [editing, setEditing] = useState(false);

  async function confirmDelete() {
    const ok = await confirm({
      title: t('workspaces.deleteTitle'),
      // "for everyone it is shared with" only while it is shared with someone.
      message: t(w.shared_users.length > 0 ? 'workspaces.deleteMessage' : 'workspaces.deleteUnsharedMessage', {
        name: w.name,
        count: w.items.length,
      }),
      confirmPhrase: w.name,
      proceedLabel: t('workspaces.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(w.id, {
      onSuccess: () => {
        showSnackbar(t('workspaces.deleted', { name: w.name }));
        navigate('/');
      },
    });
  }

  if (editing) return <WorkspaceEditForm workspace={w} onDone={() => setEditing(false)} />;

  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1} className={classes.name}>
            {w.name}
          </Title>
          {owner && (
            <Tooltip label={t('workspaces.rename')}>
              <ActionIcon variant="subtle" aria-label={t('workspaces.rename')} onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {updating && <Loader size="xs" aria-label={t('workspaces.saving')} />}
        </Group>
        {w.description ? (
          <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {w.description}
          </Text>
        ) : null}
      </Stack>
      {owner && (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void confirmDelete()}>
          {t('workspaces.delete')}
        </Button>
      )}
    </Group>
  );
}
