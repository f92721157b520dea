import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../stores/ui-store.ts';

/** The temporary left drawer that holds workspace and list navigation. */
export function WorkspaceDrawer() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.workspaceDrawerOpen);
  const setOpen = useUiStore((s) => s.setWorkspaceDrawerOpen);
  return (
    <Drawer opened={open} onClose={() => setOpen(false)} position="left" size="sm" title={t('workspaces.title')}>
      <Text size="sm" c="dimmed">
        {t('workspaces.intro')}
      </Text>
    </Drawer>
  );
}
