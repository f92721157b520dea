import { Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const lastSignIn = (u: Report['users'][number]) =>
    u.last_sign_in_at ? formatDate(u.last_sign_in_at, language) : t('reporting.never');

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
      {phone ? (
        // On a phone each user is a block of their own, every count in sight: five columns had
        // pushed the counts off the screen.
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {report.users.map((u) => (
            <Box
              component="li"
              key={u.uid}
              pb="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" fw={600}>
                {u.display_name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {u.email}
              </Text>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={2} mt={4}>
                {(
                  [
                    [headers.lastSignIn, lastSignIn(u)],
                    [headers.daysActive, u.days_active],
                    [headers.signIns, u.sign_ins],
                    [headers.events, u.events],
                  ] as const
                ).map(([label, value]) => (
                  <Text key={label} size="xs">
                    <Text span size="xs" c="dimmed">
                      {label}:{' '}
                    </Text>
                    {value}
                  </Text>
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{headers.name}</Table.Th>
                <Table.Th>{headers.lastSignIn}</Table.Th>
                <Table.Th ta="right">{headers.daysActive}</Table.Th>
                <Table.Th ta="right">{headers.signIns}</Table.Th>
                <Table.Th ta="right">{headers.events}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.users.map((u) => (
                <Table.Tr key={u.uid}>
                  <Table.Td>
                    <Text size="sm">{u.display_name}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {u.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{lastSignIn(u)}</Table.Td>
                  <Table.Td ta="right">{u.days_active}</Table.Td>
                  <Table.Td ta="right">{u.sign_ins}</Table.Td>
                  <Table.Td ta="right">{u.events}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
