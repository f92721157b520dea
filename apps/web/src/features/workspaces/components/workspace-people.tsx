import { Badge, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import type { Workspace } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { useCompanyUsers } from '../../../lib/company-users.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useShareWorkspace } from '../api/share-workspace.ts';
import { useUnshareWorkspace } from '../api/unshare-workspace.ts';
import { AddUserMenu } from './add-user-menu.tsx';

/** Who owns the workspace and whom it is shared with: the owner adds and removes people, anyone else may leave. */
export function WorkspacePeople({
  workspace: w,
  owner,
  currentUid,
}: {
  workspace: Workspace;
  owner: boolean;
  currentUid: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const share = useShareWorkspace();
  const unshare = useUnshareWorkspace();
  const users = useCompanyUsers();
  const nameOf = (uid: string) => users.data?.find((u) => u.uid === uid)?.display_name ?? uid;

  async function leave() {
    const ok = await confirm({
      title: t('workspaces.leaveTitle'),
      message: t('workspaces.leaveMessage', { name: w.name }),
      proceedLabel: t('workspaces.leave'),
      danger: true,
    });
    if (!ok) return;
    unshare.mutate(
      { id: w.id, uids: [currentUid], leaving: true },
      {
        onSuccess: () => {
          showSnackbar(t('workspaces.left', { name: w.name }));
          navigate('/');
        },
      },
    );
  }

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('workspaces.people')}
          </Title>
          {owner ? (
            <AddUserMenu
              shared={w.shared_users}
              currentUid={currentUid}
              creatorUid={w.created_by}
              onAdd={(user) => share.mutate({ id: w.id, uids: [user.uid] })}
            />
          ) : (
            <Button variant="default" size="xs" onClick={() => void leave()}>
              {t('workspaces.leave')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('workspaces.ownerLabel')}
          </Text>
          <Badge variant="light" tt="none">
            {nameOf(w.created_by)}
          </Badge>
          {w.created_via_support && <ViaSupportBadge name={nameOf(w.created_by)} />}
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" fw={500}>
            {t('workspaces.sharedUsersLabel')}
          </Text>
          {w.shared_users.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workspaces.notShared')}
            </Text>
          ) : (
            w.shared_users.map((uid) => (
              <Badge
                key={uid}
                variant="outline"
                tt="none"
                data-testid="shared-user"
                rightSection={
                  owner ? (
                    <CloseButton
                      size="xs"
                      aria-label={t('workspaces.removePerson', { name: nameOf(uid) })}
                      onClick={() => unshare.mutate({ id: w.id, uids: [uid] })}
                    />
                  ) : null
                }
              >
                {nameOf(uid)}
              </Badge>
            ))
          )}
        </Group>
      </Stack>
    </Card>
  );
}
