import { Anchor, Checkbox, Group, Table, Text } from '@mantine/core';
import type { ListMembersPage } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { SortableHeader } from '../../../components/sortable-header.tsx';
import { displayDomain } from '../../../lib/display-domain.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import type { useIdSelection } from '../../../lib/use-id-selection.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import type { MembersParams } from '../api/list-keys.ts';

/** Below these widths the members table scrolls inside its own box, so a phone never pans the page. */
const ACCOUNT_TABLE_MIN_WIDTH = 720;
const CONTACT_TABLE_MIN_WIDTH = 640;

type Column = { key: string; label: string };

/**
 * One page of a list's members as a table sorted by its column headers. `selection` is null for a
 * smart list, whose members cannot be ticked.
 */
export function ListMembersTable({
  page,
  params,
  onSort,
  selection,
  busy,
}: {
  page: ListMembersPage;
  params: MembersParams;
  onSort: (key: string) => void;
  selection: ReturnType<typeof useIdSelection> | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const contacts = page.kind === 'contacts';

  const columns: Column[] = contacts
    ? [
        { key: 'last_name', label: t('lists.contactName') },
        { key: 'title', label: t('lists.title') },
        { key: 'account_name', label: t('lists.account') },
        { key: '', label: t('lists.email') },
      ]
    : [
        { key: 'account_name', label: t('myAccounts.name') },
        { key: 'website', label: t('myAccounts.website') },
        { key: 'industry', label: t('myAccounts.industry') },
        { key: 'employees', label: t('myAccounts.employees') },
        { key: 'latest_signal_at', label: t('myAccounts.latestSignal') },
      ];

  const select = (id: string, name: string) =>
    selection && (
      <Table.Td>
        <Checkbox
          aria-label={t('myAccounts.select', { name })}
          checked={selection.isSelected(id)}
          onChange={() => selection.toggle(id)}
        />
      </Table.Td>
    );

  return (
    <Table.ScrollContainer
      minWidth={contacts ? CONTACT_TABLE_MIN_WIDTH : ACCOUNT_TABLE_MIN_WIDTH}
      type="native"
      data-testid="list-members-scroll"
    >
      <Table striped highlightOnHover aria-busy={busy} data-testid="list-members">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('myAccounts.selectPage')}
                  checked={selection.allSelected}
                  onChange={selection.toggleAll}
                />
              </Table.Th>
            )}
            {columns.map((c) =>
              c.key ? (
                <SortableHeader
                  key={c.label}
                  label={c.label}
                  direction={params.sort === c.key ? params.direction : null}
                  onSort={() => onSort(c.key)}
                />
              ) : (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.kind === 'accounts' &&
            page.rows.map((r) => (
              <Table.Tr key={r.master_account_id}>
                {select(r.master_account_id, r.account_name)}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <AccountLogo name={r.account_name} logoUrl={r.logo_url} size={24} />
                    <Anchor component={Link} to={`/accounts/${encodeURIComponent(r.master_account_id)}`}>
                      {r.account_name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>{r.website && displayDomain(r.website)}</Table.Td>
                <Table.Td>{r.industry && industryLabel(r.industry, t)}</Table.Td>
                <Table.Td>{r.employees === null ? null : formatNumber(r.employees, language)}</Table.Td>
                <Table.Td>{r.latest_signal_at ? formatDate(r.latest_signal_at, language) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          {page.kind === 'contacts' &&
            page.rows.map((r) => (
              <Table.Tr key={r.id}>
                {select(r.id, `${r.first_name} ${r.last_name}`)}
                <Table.Td>
                  {r.first_name} {r.last_name}
                </Table.Td>
                <Table.Td>{r.title}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/accounts/${encodeURIComponent(r.master_account_id)}`}>
                    {r.account_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {r.email ? (
                    <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('accounts.emailNotAvailable')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
