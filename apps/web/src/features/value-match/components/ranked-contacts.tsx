import { Badge, Table, Text } from '@mantine/core';
import type { ValueMatchContact } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

/** Contacts ranked by the target titles (exact, then similar), a usable email first. */
export function RankedContacts({ contacts }: { contacts: ValueMatchContact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return <Text c="dimmed">{t('valueMatch.noContacts')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('valueMatch.contactName')}</Table.Th>
          <Table.Th>{t('valueMatch.contactTitle')}</Table.Th>
          <Table.Th>{t('valueMatch.contactEmail')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((c) => (
          <Table.Tr key={c.id} data-testid="ranked-contact">
            <Table.Td>
              {c.first_name} {c.last_name}
            </Table.Td>
            <Table.Td>
              {c.title ?? ''}{' '}
              {c.title_match !== 'none' && (
                <Badge size="xs" variant="light" color={c.title_match === 'exact' ? 'green' : 'blue'}>
                  {t(`valueMatch.titleMatch.${c.title_match}`)}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {c.email_usable && c.email ? (
                c.email
              ) : (
                <Text span c="dimmed" size="sm">
                  {t('valueMatch.noEmail')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
