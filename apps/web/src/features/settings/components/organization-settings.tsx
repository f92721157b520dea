import { Alert, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CompanyConfiguration } from '@quarry/shared';
import { PROVIDER_NAME } from '@quarry/shared/constants';
import { useTranslation } from 'react-i18next';
import { useCompanyUsers } from '../../../lib/company-users.ts';

/** Organization settings for admins and managers: the company and its members. */
export function OrganizationSettings({ configuration }: { configuration: CompanyConfiguration | null }) {
  const { t } = useTranslation();
  const users = useCompanyUsers();
  if (!configuration) {
    return <Alert color="red">{t('settings.noTenantConfiguration', { provider: PROVIDER_NAME })}</Alert>;
  }
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {configuration.company_name}
      </Title>
      <Text c="dimmed" size="sm">
        {t('settings.members')}
      </Text>
      {users.isPending ? (
        <Skeleton h={120} />
      ) : users.isError ? (
        <Alert color="red">{t('errors.generic')}</Alert>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.name')}</Table.Th>
              <Table.Th>{t('settings.email')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((u) => (
              <Table.Tr key={u.uid}>
                <Table.Td>{u.display_name}</Table.Td>
                <Table.Td>
                  {u.email}{' '}
                  {u.email.includes('admin@') && (
                    <Badge size="xs" variant="light">
                      {t('settings.serviceAccount')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
