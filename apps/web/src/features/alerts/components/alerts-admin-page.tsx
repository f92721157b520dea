import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ManagedAlert } from '@quarry/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDeleteAlert } from '../api/delete-alert.ts';
import { useManagedAlerts } from '../api/get-managed-alerts.ts';
import { type AlertDraft, blankAlert, draftOf } from '../utils/alert-draft.ts';
import { AlertEditor } from './alert-editor.tsx';
import { AlertsTable } from './alerts-table.tsx';

/** Support Tools › Global alerts: publish, edit and remove the banner alerts of every tenant. */
export function AlertsAdminPage() {
  const { t } = useTranslation();
  const managed = useManagedAlerts();
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState<{ id?: string; draft: AlertDraft } | null>(null);

  // Here rather than in the table: deleting the last alert unmounts the table before its snack.
  async function del(a: ManagedAlert) {
    const ok = await confirm({
      title: t('alertsAdmin.deleteTitle'),
      message: t('alertsAdmin.deleteMessage', { title: a.title }),
      proceedLabel: t('alertsAdmin.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(a.id, { onSuccess: () => showSnackbar(t('alertsAdmin.deleted', { title: a.title })) });
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('alertsAdmin.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ draft: blankAlert() })}>
          {t('alertsAdmin.new')}
        </Button>
      </Group>
      <Text c="dimmed">{t('alertsAdmin.intro')}</Text>
      {managed.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : managed.isError ? (
        <Alert color="red">
          {managed.error instanceof ApiError && managed.error.status === 403
            ? t('alertsAdmin.forbidden')
            : t('errors.generic')}
        </Alert>
      ) : managed.data.alerts.length === 0 ? (
        <Text c="dimmed">{t('alertsAdmin.none')}</Text>
      ) : (
        <AlertsTable
          alerts={managed.data.alerts}
          tenants={managed.data.tenants}
          onEdit={(a) => setEditing({ id: a.id, draft: draftOf(a) })}
          onDelete={(a) => void del(a)}
        />
      )}
      {editing && managed.data && (
        <AlertEditor
          key={editing.id ?? 'new'}
          id={editing.id}
          initial={editing.draft}
          tenants={managed.data.tenants}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
