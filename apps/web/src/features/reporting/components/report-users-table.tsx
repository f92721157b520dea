import { Button, Card, Group, Table, Title } from '@mantine/core';
import type { Report } from '@quarry/shared';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { reportUsersCsv } from '../utils/report-users-csv.ts';

/** Per user: last sign-in, days active, sign-ins and events in the range; exported as CSV. */
export function ReportUsersTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const headers = {
    name: t('reporting.user'),
    email: t('reporting.email'),
    lastSignIn: t('reporting.lastSignIn'),
    daysActive: t('reporting.daysActive'),
    signIns: t('reporting.signIns'),
    events: t('reporting.eventsColumn'),
  };

  function exportCsv() {
    const csv = reportUsersCsv(report.users, headers);
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `quarry-usage-${report.from}-to-${report.to}.csv`);
    track('Object Downloaded', { object: 'reporting_users', format: 'csv', rows: report.users.length });
  }

  return (
    <Card withBorder padding="md" data-testid="report-users">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('reporting.users')}
        </Title>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
          {t('reporting.exportCsv')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{headers.name}</Table.Th>
              <Table.Th>{headers.email}</Table.Th>
              <Table.Th>{headers.lastSignIn}</Table.Th>
              <Table.Th ta="right">{headers.daysActive}</Table.Th>
              <Table.Th ta="right">{headers.signIns}</Table.Th>
              <Table.Th ta="right">{headers.events}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.users.map((u) => (
              <Table.Tr key={u.uid}>
                <Table.Td>{u.display_name}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  {u.last_sign_in_at ? formatDate(u.last_sign_in_at, language) : t('reporting.never')}
                </Table.Td>
                <Table.Td ta="right">{u.days_active}</Table.Td>
                <Table.Td ta="right">{u.sign_ins}</Table.Td>
                <Table.Td ta="right">{u.events}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
