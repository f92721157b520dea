import { ActionIcon, Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { List, Workspace } from '@quarry/shared';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { CreateListForm } from './create-list-form.tsx';
import classes from './workspace-page.module.css';

/** The workspace's lists as a table, each deletable by whoever may manage it, and the form that adds one. */
export function WorkspaceLists({ workspace: w, lists }: { workspace: Workspace; lists: List[] }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const deleteList = useDeleteList();

  async function remove(list: List) {
    const ok = await confirm({
      title: t('lists.deleteTitle'),
      message: t('lists.deleteMessage', { name: list.name }),
      proceedLabel: t('lists.delete'),
      danger: true,
    });
    if (ok) deleteList.mutate(list.id, { onSuccess: () => showSnackbar(t('lists.deleted', { name: list.name })) });
  }

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('workspaces.lists')}
        </Title>
        {lists.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lists.none')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.name')}</Table.Th>
                {/* Type and count keep to one line ("件数" broke a character per line in Japanese). */}
                <Table.Th visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('lists.type')}
                </Table.Th>
                <Table.Th visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('lists.members')}
                </Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/lists/${encodeURIComponent(l.id)}`} className={classes.name}>
                      {l.name}
                    </Anchor>
                    {/* On a phone the type and count sit under the name, so the delete action stays on screen. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {t(`lists.types.${l.type}`)} · {t('lists.memberCount', { count: l.member_count })}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t(`lists.types.${l.type}`)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(l.member_count, language)}
                  </Table.Td>
                  <Table.Td>
                    {/* Only the list's creator and the workspace owner delete it (checked on the server too). */}
                    {l.can_manage && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('lists.deleteNamed', { name: l.name })}
                        onClick={() => void remove(l)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <CreateListForm workspaceId={w.id} shared={w.shared_users.length > 0} />
      </Stack>
    </Card>
  );
}
