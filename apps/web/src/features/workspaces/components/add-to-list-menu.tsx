import { Button, Menu, Text } from '@mantine/core';
import type { List } from '@quarry/shared';
import { IconPlaylistAdd, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showRouteSnackbar, showSnackbar } from '../../../lib/snackbar-store.ts';
import { useAddListMembers } from '../api/add-list-members.ts';
import { useMyLists } from '../api/lists.ts';
import { addedMessage } from '../utils/added-message.ts';
import classes from './add-to-list-menu.module.css';
import { NewListDialog } from './new-list-dialog.tsx';

/**
 * "Add to list": the static lists of the user's workspaces, grouped by workspace, and "New list…"
 * to make one of the right type there and then. Adds the given accounts (or contacts) and offers a
 * way to visit the list.
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
  const [creating, setCreating] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const lists = useMyLists(type, opened);
  const addMembers = useAddListMembers();

  async function add(list: List) {
    const chosen = ids();
    const result = await addMembers.mutateAsync({ id: list.id, ids: chosen }).catch(() => null);
    if (!result) {
      // Gone meanwhile (its workspace deleted or left): the menu shows what is there now.
      void lists.refetch();
      return;
    }
    onAdded?.();
    showRouteSnackbar(addedMessage(t, list, chosen.length, result.added), `/lists/${list.id}`);
  }

  const groups = new Map<string, List[]>();
  for (const l of lists.data ?? []) {
    const key = l.workspace_name ?? t('lists.noWorkspace');
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }

  return (
    <>
      <Menu
        opened={opened}
        onChange={(open) => {
          setOpened(open);
          // Read again at each opening: a colleague may have deleted a shared workspace since.
          if (open && lists.data) void lists.refetch();
        }}
        position="bottom-end"
        withinPortal
      >
        <Menu.Target>
          <Button
            ref={target}
            variant="default"
            size={size}
            leftSection={<IconPlaylistAdd size={16} />}
            disabled={disabled}
          >
            {t('lists.addToList')}
          </Button>
        </Menu.Target>
        {/* Never wider than the screen; a long name wraps (anywhere: one without spaces too) to two lines at most. */}
        <Menu.Dropdown mah="20rem" maw="min(20rem, calc(100vw - 1rem))" style={{ overflowY: 'auto' }}>
          {lists.isPending ? (
            <Menu.Label>{t('common.loading')}</Menu.Label>
          ) : lists.isError ? (
            <Menu.Label>{t('errors.generic')}</Menu.Label>
          ) : groups.size === 0 ? (
            <Menu.Label>{t('lists.menuEmpty')}</Menu.Label>
          ) : (
            [...groups].map(([workspace, items]) => [
              <Menu.Label key={`label-${workspace}`} title={workspace}>
                <Text inherit lineClamp={2} className={classes.name}>
                  {workspace}
                </Text>
              </Menu.Label>,
              ...items.map((l) => (
                <Menu.Item
                  key={l.id}
                  title={l.name}
                  onClick={() => void add(l).catch(() => showSnackbar(t('errors.generic')))}
                >
                  <Text inherit lineClamp={2} className={classes.name}>
                    {l.name}
                  </Text>
                </Menu.Item>
              )),
            ])
          )}
          {!lists.isPending && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
                {t('lists.newListItem')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <NewListDialog
        opened={creating}
        type={type}
        onClose={() => {
          setCreating(false);
          // The menu item that opened the dialog is gone: focus goes back to the button, not to the page.
          requestAnimationFrame(() => target.current?.focus());
        }}
        onCreated={(list) => add(list).catch(() => showSnackbar(t('errors.generic')))}
      />
    </>
  );
}
