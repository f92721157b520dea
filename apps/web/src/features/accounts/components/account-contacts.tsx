import { Anchor, Table, Text } from '@mantine/core';
import type { Contact } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

export function AccountContacts({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return <Text c="dimmed">{t('accounts.noContacts')}</Text>;
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('accounts.contactName')}</Table.Th>
          <Table.Th>{t('accounts.contactTitle')}</Table.Th>
          <Table.Th>{t('accounts.contactEmail')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              {c.linkedin_url ? (
                <Anchor href={c.linkedin_url} target="_blank" rel="noopener noreferrer">
                  {c.first_name} {c.last_name}
                </Anchor>
              ) : (
                `${c.first_name} ${c.last_name}`
              )}
            </Table.Td>
            <Table.Td>{c.title}</Table.Td>
            <Table.Td>
              {c.email ? (
                <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
              ) : (
                <Text size="sm" c="dimmed" fs="italic">
                  {t('accounts.emailNotAvailable')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
