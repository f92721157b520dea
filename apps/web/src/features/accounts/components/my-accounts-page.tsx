import { Alert, Anchor, Box, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FilterGroup } from '@quarry/shared';
import { SEARCH_DEBOUNCE_MS, TERRITORY_SELECTION_CAP } from '@quarry/shared/constants';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SortableHeader } from '../../../components/sortable-header.tsx';
import { displayDomain } from '../../../lib/display-domain.ts';
import { focusTableBox } from '../../../lib/focus-table-box.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import {
  matchingTerritoryIds,
  type TerritoryParams,
  type TerritorySort,
  useChangeTerritory,
  useTerritory,
} from '../api/territory.ts';
import type { AccountListOptions } from '../stores/account-list-cache.ts';
import { confirmTerritoryRemoval, territoryRemovedMessage } from '../utils/territory-removal.ts';
import classes from './my-accounts-page.module.css';

const PAGE_SIZE = 50;
/** Below this width the table scrolls inside its box (a phone) rather than squeezing its columns. */
const TABLE_MIN_WIDTH = 720;
type SortKey = TerritorySort;

/**
 * /MyTerritory: the user's accounts, paged, sorted and filtered on the server. The filter and the
 * table options belong to whoever composes the page, so a saved filter can set the sort and the
 * table can come back as it was; `accountLinkState` travels with the links to account pages. With
 * viewAsUid it shows that colleague's accounts read-only: nothing can be selected or removed.
 */
export function MyAccountsPage({
  filter,
  options,
  onOptionsChange,
  accountLinkState,
  toolbar,
  bulkActions,
  emptyState,
  viewAsUid = null,
}: {
  filter: FilterGroup;
  options: AccountListOptions;
  onOptionsChange: (options: AccountListOptions) => void;
  accountLinkState?: unknown;
  toolbar?: ReactNode;
  /** Buttons acting on the selection, from other features; `clear` empties the selection. */
  bulkActions?: (selected: string[], clear: () => void, disabled: boolean) => ReactNode;
  /** What an empty territory of one's own shows instead of the table: how to fill it. */
  emptyState?: ReactNode;
  viewAsUid?: string | null;
}) {
  const readOnly = viewAsUid !== null;
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { text, sort, direction, page } = options;
  const [q] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const setPage = (next: number) => onOptionsChange({ ...options, page: next });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const screen = useRef<HTMLDivElement>(null);
  const params: TerritoryParams = { page, page_size: PAGE_SIZE, sort, direction, q, filter };
  const territory = useTerritory(params, viewAsUid);
  const change = useChangeTerritory();
  const overCap = selected.size >= TERRITORY_SELECTION_CAP;
  const rows = territory.data?.rows ?? [];
  const total = territory.data?.total ?? 0;
  // A big table's total on PostgreSQL is an estimate: "about N", never an exact-looking count.
  const estimated = territory.data?.total_estimated ?? false;

  function toggleSort(key: SortKey) {
    const flipped = direction === 'asc' ? 'desc' : 'asc';
    onOptionsChange({ ...options, sort: key, direction: sort === key ? flipped : 'asc', page: 1 });
  }

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  async function removeSelected() {
    const ids = [...selected];
    // One account is named; it is on this page unless chosen through "select all matching".
    const name = ids.length === 1 ? rows.find((r) => r.master_account_id === ids[0])?.account_name : undefined;
    if (!(await confirmTerritoryRemoval(t, ids.length, name))) return;
    try {
      await change.mutateAsync({ ids, add: false });
    } catch {
      return; // The mutation cache has shown the failure.
    }
    setSelected(new Set());
    showSnackbar(territoryRemovedMessage(t, ids.length, name));
    focusTableBox(screen.current, 'firstRow');
  }

  const header = (key: SortKey, label: string) => (
    <SortableHeader label={label} direction={sort === key ? direction : null} onSort={() => toggleSort(key)} />
  );

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.master_account_id));
  // Selected accounts this page does not show (other pages, or filtered out): said, never hidden.
  const offPage = selected.size - rows.filter((r) => selected.has(r.master_account_id)).length;
  return (
    <Stack ref={screen}>
      <Title order={1}>{t('screens.myTerritory.title')}</Title>
      <Box className={classes.toolbar}>
        {toolbar}
        <Group justify="space-between" mt="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('myAccounts.filter')}
            aria-label={t('myAccounts.filter')}
            value={text}
            onChange={(e) => onOptionsChange({ ...options, text: e.currentTarget.value, page: 1 })}
            w={320}
            maw="100%"
          />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('myAccounts.selected', { count: selected.size })}
            </Text>
            {bulkActions?.(
              [...selected],
              () => {
                setSelected(new Set());
                focusTableBox(screen.current, 'selectAll');
              },
              readOnly || selected.size === 0 || overCap,
            )}
            <Button
              color="red"
              variant="light"
              disabled={readOnly || selected.size === 0 || overCap}
              onClick={() => void removeSelected()}
            >
              {t('myAccounts.removeSelected')}
            </Button>
          </Group>
        </Group>
      </Box>
      {!readOnly && allOnPage && total > rows.length && selected.size < total && (
        <Group gap="xs">
          <Text size="sm">{t('myAccounts.pageSelected', { count: rows.length })}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={async () => setSelected(new Set((await matchingTerritoryIds(filter, q)).master_account_ids))}
          >
            {t(estimated ? 'myAccounts.selectAllMatchingAbout' : 'myAccounts.selectAllMatching', { count: total })}
          </Button>
        </Group>
      )}
      {!readOnly && offPage > 0 && (
        <Group gap="xs" data-testid="selection-off-page">
          <Text size="sm">{t('myAccounts.offPageSelected', { count: offPage })}</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Set())}>
            {t('myAccounts.clearSelection')}
          </Button>
        </Group>
      )}
      {overCap && (
        <Alert color="yellow" data-testid="territory-cap">
          {t('myAccounts.cap', { count: TERRITORY_SELECTION_CAP })}
        </Alert>
      )}
      {territory.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {territory.isSuccess && total === 0 ? (
        q || filter.values.length ? (
          <Text c="dimmed">{t('myAccounts.noMatches')}</Text>
        ) : !readOnly && emptyState ? (
          emptyState
        ) : (
          // Viewed as a colleague, read-only: not told to add accounts it cannot add here.
          <Text c="dimmed">{t(readOnly ? 'myAccounts.emptyViewAs' : 'myAccounts.empty')}</Text>
        )
      ) : (
        // A phone scrolls the table inside its own box; the page itself stays as wide as the screen.
        <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native" data-testid="my-accounts-scroll">
          <Table striped highlightOnHover aria-busy={territory.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('myAccounts.selectPage')}
                    disabled={readOnly}
                    checked={allOnPage}
                    onChange={() => {
                      // Unticking clears the whole selection, as in a mail client: accounts chosen
                      // through "select all matching" must not stay selected out of sight.
                      if (allOnPage) {
                        setSelected(new Set());
                        return;
                      }
                      const next = new Set(selected);
                      for (const r of rows) next.add(r.master_account_id);
                      setSelected(next);
                    }}
                  />
                </Table.Th>
                {header('account_name', t('myAccounts.name'))}
                {header('website', t('myAccounts.website'))}
                {header('industry', t('myAccounts.industry'))}
                {header('employees', t('myAccounts.employees'))}
                {header('latest_signal_at', t('myAccounts.latestSignal'))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.master_account_id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('myAccounts.select', { name: r.account_name })}
                      disabled={readOnly}
                      checked={selected.has(r.master_account_id)}
                      onChange={() => toggle(r.master_account_id)}
                    />
                  </Table.Td>
                  {/* Wide enough that names wrap between words, not inside them ("AbbVi e" on a phone). */}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" miw="12rem">
                      <AccountLogo name={r.account_name} logoUrl={r.logo_url} size={24} />
                      <Anchor
                        component={Link}
                        to={`/accounts/${encodeURIComponent(r.master_account_id)}`}
                        state={accountLinkState}
                        // A name with no space to break at wraps instead of widening the table.
                        style={{ overflowWrap: 'anywhere' }}
                      >
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager total={total} pageSize={PAGE_SIZE} page={page} onChange={setPage} estimated={estimated} />
    </Stack>
  );
}
