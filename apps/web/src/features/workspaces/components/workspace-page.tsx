import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AlertPageTitle } from '../../../components/alert-page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { workspaceKeys } from '../api/workspace-keys.ts';
import { useWorkspace } from '../api/workspaces.ts';
import { useMarkViewed } from '../hooks/use-mark-viewed.ts';
import { WorkspaceHeader } from './workspace-header.tsx';
import { WorkspaceLists } from './workspace-lists.tsx';
import { WorkspacePeople } from './workspace-people.tsx';

/** /workspaces/{id}: the workspace, its people and its lists (spec section 2). */
export function WorkspacePage({ currentUid }: { currentUid: string }) {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const workspace = useWorkspace(workspaceId);
  useMarkViewed(workspaceId, workspace.isSuccess);
  const missing = workspace.error instanceof ApiError && workspace.error.status === 404;
  const queryClient = useQueryClient();
  // Deleted by its owner, or no longer shared: the Lists panel stops offering it at once.
  useEffect(() => {
    if (missing) {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.owned });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.shared });
    }
  }, [missing, queryClient]);

  if (workspace.isPending) return <Loader aria-label={t('common.loading')} />;
  if (workspace.isError) {
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        title={<AlertPageTitle>{missing ? t('workspaces.notFound') : t('errors.generic')}</AlertPageTitle>}
      >
        {missing ? t('workspaces.notFoundHelp') : null}
        {/* Not a dead end: Home is one click away, as on the 404 page. */}
        <Button component={Link} to="/" variant="light" size="xs" mt="sm" display="block" w="fit-content">
          {t('notFound.home')}
        </Button>
      </Alert>
    );
  }
  const { workspace: w, lists } = workspace.data;
  const owner = w.created_by === currentUid;
  return (
    <Stack gap="lg">
      <WorkspaceHeader workspace={w} owner={owner} />
      <WorkspacePeople workspace={w} owner={owner} currentUid={currentUid} />
      <WorkspaceLists workspace={w} lists={lists} />
    </Stack>
  );
}
