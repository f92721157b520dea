import { ActionIcon, Anchor, Badge, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { List } from '@quarry/shared';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkspaceUpdating } from '../hooks/use-workspace-updating.ts';
import classes from './list-page.module.css';
import { ListRenameForm } from './list-rename-form.tsx';
import { SmartListSource } from './smart-list-source.tsx';

/** The list's workspace, name (renamed in place by whoever may manage it), type, size and source filter. */
export function ListHeader({ list }: { list: List }) {
  const { t } = useTranslation();
  const updating = useWorkspaceUpdating();
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap={4}>
      {list.workspace_id && (
        <Anchor component={Link} to={`/workspaces/${encodeURIComponent(list.workspace_id)}`} size="sm">
          {list.workspace_name}
        </Anchor>
      )}
      {editing ? (
        <ListRenameForm list={list} onDone={() => setEditing(false)} />
      ) : (
        <Group gap="xs">
          <Title order={1} className={classes.title}>
            {list.name}
          </Title>
          {list.can_manage && (
            <Tooltip label={t('lists.rename')}>
              <ActionIcon variant="subtle" aria-label={t('lists.rename')} onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Badge variant="light">{t(`lists.types.${list.type}`)}</Badge>
          {updating && <Loader size="xs" aria-label={t('workspaces.saving')} />}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {t('lists.memberCount', { count: list.member_count })}
      </Text>
      <SmartListSource list={list} />
    </Stack>
  );
}
