import { Anchor, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Contact } from '@quarry/shared';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakableEmail } from '../../../components/breakable-email.tsx';
import { focusTableBox } from '../../../lib/focus-table-box.ts';
import { useIdSelection } from '../../../lib/use-id-selection.ts';

/** Brings the row of the person the page was opened at into view and moves focus to it. */
function showRow(row: HTMLTableRowElement | null) {
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
}

/**
 * The account's contacts. `bulkActions`, given by the page that composes this one, acts on the
 * ticked contacts (adding them to a contact list, for instance). `highlightId` marks the person
 * the page was opened at (from the search) and brings them into view.
 */
export function AccountContacts({
  contacts,
  bulkActions,
  highlightId = null,
}: {
  contacts: Contact[];
  bulkActions?: (selected: string[], clear: () => void) => ReactNode;
  highlightId?: string | null;
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
  // On a phone each person reads in one cell, name, title and email under one another: three
  // columns had left the Email column off the screen, behind a sideways scroll.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (contacts.length === 0) return <Text c="dimmed">{t('accounts.noContacts')}</Text>;
  const email = (c: Contact) =>
    c.email ? (
      <Anchor href={`mailto:${c.email}`} style={phone ? { overflowWrap: 'anywhere' } : undefined}>
        <BreakableEmail email={c.email} />
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed" fs="italic">
        {t('accounts.emailNotAvailable')}
      </Text>
    );
  return (
    <Stack gap="xs" ref={root}>
      {bulkActions && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t('myAccounts.contactsSelected', { count: selection.count })}
          </Text>
          {bulkActions(selection.selected, clearAfterAction)}
        </Group>
      )}
      {/* Between a phone and this width the table scrolls in its own box: the Email column stays reachable. */}
      <Table.ScrollContainer minWidth={phone ? 0 : 560} type="native" data-testid="account-contacts-scroll">
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {bulkActions && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('accounts.selectAllContacts')}
                    checked={selection.allSelected}
                    onChange={selection.toggleAll}
                  />
                </Table.Th>
              )}
              <Table.Th>{t('accounts.contactName')}</Table.Th>
              {!phone && <Table.Th>{t('accounts.contactTitle')}</Table.Th>}
              {!phone && <Table.Th>{t('accounts.contactEmail')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr
                key={c.id}
                data-contact-id={c.id}
                {...(c.id === highlightId
                  ? {
                      ref: showRow,
                      tabIndex: -1,
                      'aria-current': 'true' as const,
                      bg: 'var(--mantine-primary-color-light)',
                    }
                  : {})}
              >
                {bulkActions && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('myAccounts.select', { name: `${c.first_name} ${c.last_name}` })}
                      checked={selection.isSelected(c.id)}
                      onChange={() => selection.toggle(c.id)}
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
                  {phone && (
                    <Stack gap={2} mt={2}>
                      <Text size="sm" c="dimmed">
                        {c.title}
                      </Text>
                      {email(c)}
                    </Stack>
                  )}
                </Table.Td>
                {!phone && <Table.Td>{c.title}</Table.Td>}
                {!phone && <Table.Td>{email(c)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
