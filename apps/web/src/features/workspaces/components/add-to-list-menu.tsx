import { Button, Menu, Text } from '@mantine/core';
import type { List } from '@quarry/shared';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showRouteSnackbar, showSnackbar } from '../../../lib/snackbar-store.ts';
import { useListActions, useMyLists } from '../api/lists.ts';

/**
 * "Add to list": the static lists of the user's workspaces, grouped by workspace. Adds the given
 * accounts (or contacts) and offers a way to visit the list.
 */
export function AddToListMenu({
  ids,
  type = 'accounts',
  disabled,
  onAdded,
  size = 'sm',
}: {
  ids: () => string[];
  type?: 'accounts' | 'contacts';
  disabled?: boolean;
  onAdded?: () => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const lists = useMyLists(type, opened);
  const actions = useListActions();

  async function add(list: List) {
    const chosen = ids();
    const result = await actions.addMembers(list.id, chosen);
    if (!result) return;
    onAdded?.();
    showRouteSnackbar(t('lists.addedTo', { count: chosen.length, name: list.name }), `/lists/${list.id}`);
  }

  const groups = new Map<string, List[]>();
  for (const l of lists.data ?? []) {
    const key = l.workspace_name ?? t('lists.noWorkspace');
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size={size} leftSection={<IconPlaylistAdd size={16} />} disabled={disabled}>
          {t('lists.addToList')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="20rem" style={{ overflowY: 'auto' }}>
        {lists.isPending ? (
          <Menu.Label>{t('common.loading')}</Menu.Label>
        ) : lists.isError ? (
          <Menu.Label>{t('errors.generic')}</Menu.Label>
        ) : groups.size === 0 ? (
          <Text size="sm" c="dimmed" p="xs" maw="16rem">
            {t('lists.noListsYet')}
          </Text>
        ) : (
          [...groups].map(([workspace, items]) => [
            <Menu.Label key={`label-${workspace}`}>{workspace}</Menu.Label>,
            ...items.map((l) => (
              <Menu.Item key={l.id} onClick={() => void add(l).catch(() => showSnackbar(t('errors.generic')))}>
                {l.name}
              </Menu.Item>
            )),
          ])
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
