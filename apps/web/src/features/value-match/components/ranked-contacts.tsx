import { Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { ValueMatchContact } from '@quarry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdSelection } from '../../../lib/use-id-selection.ts';

/**
 * Contacts ranked by the target titles (exact, then similar), a usable email first. With
 * `bulkActions` (given by the route, e.g. "Add to list") the contacts can be ticked to act on.
 */
export function RankedContacts({
  contacts,
  bulkActions,
}: {
  contacts: ValueMatchContact[];
  bulkActions?: (selected: string[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const selection = useIdSelection(contacts.map((c) => c.id));
  if (contacts.length === 0) return <Text c="dimmed">{t('valueMatch.noContacts')}</Text>;
  return (
    <Stack gap="xs">
      {bulkActions && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t('valueMatch.contactsSelected', { count: selection.count })}
          </Text>
          {bulkActions(selection.selected, selection.clear)}
        </Group>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {bulkActions && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('valueMatch.selectAllContacts')}
                    checked={selection.allSelected}
                    onChange={selection.toggleAll}
                  />
                </Table.Th>
              )}
              <Table.Th>{t('valueMatch.contactName')}</Table.Th>
              <Table.Th>{t('valueMatch.contactTitle')}</Table.Th>
              <Table.Th>{t('valueMatch.contactEmail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr key={c.id} data-testid="ranked-contact">
                {bulkActions && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('valueMatch.selectContact', { name: `${c.first_name} ${c.last_name}` })}
                      checked={selection.isSelected(c.id)}
                      onChange={() => selection.toggle(c.id)}
                    />
                  </Table.Td>
                )}
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
      </Table.ScrollContainer>
    </Stack>
  );
}
