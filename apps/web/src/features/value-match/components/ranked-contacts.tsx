import { Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ValueMatchContact } from '@quarry/shared';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakableEmail } from '../../../components/breakable-email.tsx';
import { focusTableBox } from '../../../lib/focus-table-box.ts';
import { useIdSelection } from '../../../lib/use-id-selection.ts';

function TitleMatchBadge({ match }: { match: ValueMatchContact['title_match'] }) {
  const { t } = useTranslation();
  if (match === 'none') return null;
  return (
    <Badge size="xs" variant="light" color={match === 'exact' ? 'green' : 'blue'}>
      {t(`valueMatch.titleMatch.${match}`)}
    </Badge>
  );
}

function ContactEmail({ contact }: { contact: ValueMatchContact }) {
  const { t } = useTranslation();
  return contact.email_usable && contact.email ? (
    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
      <BreakableEmail email={contact.email} />
    </Text>
  ) : (
    <Text span c="dimmed" size="sm">
      {t('valueMatch.noEmail')}
    </Text>
  );
}

/**
 * Contacts ranked by the target titles (exact, then similar), a usable email first. With
 * `bulkActions` (given by the route, e.g. "Add to list") the contacts can be ticked to act on.
 * On a phone each contact is a short block (name, title, email under each other): the table
 * scrolled sideways there, with nothing to say the emails were off to the right.
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
  // Acted on (a value message started, added to a list), the ticks clear and the button pressed is
  // disabled: the keyboard goes on from the "select all" box rather than from the page's top.
  const root = useRef<HTMLDivElement>(null);
  const clearAfterAction = () => {
    selection.clear();
    focusTableBox(root.current, 'selectAll');
  };
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (contacts.length === 0) return <Text c="dimmed">{t('valueMatch.noContacts')}</Text>;
  const selectAll = bulkActions && (
    <Checkbox
      aria-label={t('valueMatch.selectAllContacts')}
      checked={selection.allSelected}
      onChange={selection.toggleAll}
    />
  );
  const selectOne = (c: ValueMatchContact) =>
    bulkActions && (
      <Checkbox
        aria-label={t('valueMatch.selectContact', { name: `${c.first_name} ${c.last_name}` })}
        checked={selection.isSelected(c.id)}
        onChange={() => selection.toggle(c.id)}
      />
    );
  return (
    <Stack gap="xs" ref={root}>
      {bulkActions && (
        <Group justify="flex-end" gap="xs">
          {phone && (
            <Checkbox
              mr="auto"
              label={t('valueMatch.selectAllContacts')}
              checked={selection.allSelected}
              onChange={selection.toggleAll}
            />
          )}
          <Text size="sm" c="dimmed">
            {t('valueMatch.contactsSelected', { count: selection.count })}
          </Text>
          {bulkActions(selection.selected, clearAfterAction)}
        </Group>
      )}
      {phone ? (
        <Stack gap={6}>
          {contacts.map((c) => (
            <Paper key={c.id} withBorder p="xs" data-testid="ranked-contact">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {selectOne(c)}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {c.first_name} {c.last_name}
                  </Text>
                  {c.title && (
                    <Text size="sm">
                      {c.title} <TitleMatchBadge match={c.title_match} />
                    </Text>
                  )}
                  <ContactEmail contact={c} />
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {bulkActions && <Table.Th w={40}>{selectAll}</Table.Th>}
                <Table.Th>{t('valueMatch.contactName')}</Table.Th>
                <Table.Th>{t('valueMatch.contactTitle')}</Table.Th>
                <Table.Th>{t('valueMatch.contactEmail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((c) => (
                <Table.Tr key={c.id} data-testid="ranked-contact">
                  {bulkActions && <Table.Td>{selectOne(c)}</Table.Td>}
                  <Table.Td>
                    {c.first_name} {c.last_name}
                  </Table.Td>
                  <Table.Td>
                    {c.title ?? ''} <TitleMatchBadge match={c.title_match} />
                  </Table.Td>
                  <Table.Td>
                    <ContactEmail contact={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
