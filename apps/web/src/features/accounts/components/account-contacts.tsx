import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { Contact } from '@quarry/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The account's contacts. `bulkActions`, given by the page that composes this one, acts on the
 * ticked contacts (adding them to a contact list, for instance).
 */
export function AccountContacts({
  contacts,
  bulkActions,
}: {
  contacts: Contact[];
  bulkActions?: (selected: string[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  if (contacts.length === 0) return <Text c="dimmed">{t('accounts.noContacts')}</Text>;
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
            {t('myAccounts.selected', { count: selected.size })}
          </Text>
          {bulkActions([...selected], () => setSelected(new Set()))}
        </Group>
      )}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {bulkActions && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('accounts.selectAllContacts')}
                  checked={all}
                  onChange={() => setSelected(all ? new Set() : new Set(contacts.map((c) => c.id)))}
                />
              </Table.Th>
            )}
            <Table.Th>{t('accounts.contactName')}</Table.Th>
            <Table.Th>{t('accounts.contactTitle')}</Table.Th>
            <Table.Th>{t('accounts.contactEmail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((c) => (
            <Table.Tr key={c.id}>
              {bulkActions && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('myAccounts.select', { name: `${c.first_name} ${c.last_name}` })}
                    checked={selected.has(c.id)}
                    onChange={() => toggle(c.id)}
                  />
                </Table.Td>
              )}
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
    </Stack>
  );
}
