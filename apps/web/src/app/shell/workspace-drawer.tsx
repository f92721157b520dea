import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WorkspaceNavPanel } from '../../features/workspaces/components/workspace-nav-panel.tsx';
import { useWorkspaceNavStore } from '../../features/workspaces/stores/workspace-nav-store.ts';
import { useAuthStore } from '../../lib/auth-store.ts';

/** The temporary left drawer that holds workspace and list navigation; its visibility is remembered. */
export function WorkspaceDrawer() {
  const { t } = useTranslation();
  const open = useWorkspaceNavStore((s) => s.visible);
  const setOpen = useWorkspaceNavStore((s) => s.setVisible);
  // The persistent create-workspace dialog on top keeps Escape from closing the drawer (and it).
  const creating = useWorkspaceNavStore((s) => s.creating);
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  return (
    <Drawer
      opened={open}
      onClose={() => setOpen(false)}
      closeOnEscape={!creating}
      position="left"
      size="sm"
      title={t('workspaces.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <WorkspaceNavPanel currentUid={uid} onNavigate={() => setOpen(false)} />
    </Drawer>
  );
}
