import { ActionIcon, Badge, Group, Table } from '@mantine/core';
import type { ManagedAlert } from '@quarry/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import type { Tenant } from '../api/get-managed-alerts.ts';
import { alertStatus } from '../utils/alert-status.ts';

const STATUS_COLORS = { active: 'green', scheduled: 'blue', ended: 'gray' } as const;

/** Every tenant's alerts with their audience, window and status; with its edit and delete actions. */
export function AlertsTable({
  alerts,
  tenants,
  onEdit,
  onDelete,
}: {
  alerts: ManagedAlert[];
  tenants: Tenant[];
  onEdit: (alert: ManagedAlert) => void;
  onDelete: (alert: ManagedAlert) => void;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const now = Date.now();
  const tenantName = (id: string | null) =>
    id ? (tenants.find((x) => x.id === id)?.name ?? id) : t('alertsAdmin.allTenants');

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alertsAdmin.alertTitle')}</Table.Th>
            <Table.Th>{t('alertsAdmin.audience')}</Table.Th>
            <Table.Th>{t('alertsAdmin.window')}</Table.Th>
            <Table.Th>{t('alertsAdmin.status')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.title}</Table.Td>
              <Table.Td>{tenantName(a.tenant_id)}</Table.Td>
              <Table.Td>
                {formatDateTime(a.starts_at, language)} –{' '}
                {a.ends_at ? formatDateTime(a.ends_at, language) : t('alertsAdmin.noEnd')}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[alertStatus(a, now)]}>
                  {t(`alertsAdmin.statuses.${alertStatus(a, now)}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('alertsAdmin.editNamed', { title: a.title })}
                    onClick={() => onEdit(a)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('alertsAdmin.deleteNamed', { title: a.title })}
                    onClick={() => onDelete(a)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
