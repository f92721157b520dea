import { Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { ValueMatchContact } from '@quarry/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  if (contacts.length === 0) return <Text c="dimmed">{t('valueMatch.noContacts')}</Text>;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const all = contacts.every((c) => selected.has(c.id));
  return (
    <Stack gap="xs">
      {bulkActions && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t('valueMatch.contactsSelected', { count: selected.size })}
          </Text>
          {bulkActions([...selected], () => setSelected(new Set()))}
        </Group>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {bulkActions && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('valueMatch.selectAllContacts')}
                  checked={all}
                  onChange={() => setSelected(all ? new Set() : new Set(contacts.map((c) => c.id)))}
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
                    checked={selected.has(c.id)}
                    onChange={() => toggle(c.id)}
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
    </Stack>
  );
}
