import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { isSmartList, LIST_CAP_MESSAGE, type List, type ListMembersPage, MAX_NAME_LENGTH } from '@quarry/shared';
import { TERRITORY_SELECTION_CAP } from '@quarry/shared/constants';
import { IconChevronDown, IconChevronUp, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { type MembersParams, useList, useListActions, useListMembers } from '../api/lists.ts';
import { useWorkspaceUpdatingStore } from '../stores/workspace-updating-store.ts';
import classes from './list-page.module.css';
import { SmartListSource } from './smart-list-source.tsx';

const PAGE_SIZE = 50;
/** Below these widths the members table scrolls inside its own box, so a phone never pans the page. */
const ACCOUNT_TABLE_MIN_WIDTH = 720;
const CONTACT_TABLE_MIN_WIDTH = 640;

/**
 * A list as a table, paged and sorted on the server. `toolbar` lets the page that composes this
 * one offer ways to add members (search, for instance).
 */
export function ListPage({
  toolbar,
  contactActions,
}: {
  toolbar?: (list: List) => ReactNode;
  /** Actions on the ticked contacts of a contact list (the page composing this offers them), each with its account. */
  contactActions?: (contacts: { id: string; master_account_id: string }[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { listId = '' } = useParams();
  const list = useList(listId);

  if (list.isPending) return <Loader aria-label={t('common.loading')} />;
  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <Alert color={missing ? 'gray' : 'red'} title={missing ? t('lists.notFound') : t('errors.generic')}>
        {missing ? t('lists.notFoundHelp') : null}
      </Alert>
    );
  }
  const tools = isSmartList(list.data.type) ? null : toolbar?.(list.data);
  return (
    <Stack gap="lg">
      <ListHeader list={list.data} />
      {tools ? <Box className={classes.toolbar}>{tools}</Box> : null}
      <Members list={list.data} contactActions={contactActions} />
    </Stack>
  );
}

function ListHeader({ list }: { list: List }) {
  const { t } = useTranslation();
  const actions = useListActions();
  const updating = useWorkspaceUpdatingStore((s) => s.updating);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);

  return (
    <Stack gap={4}>
      {list.workspace_id && (
        <Anchor component={Link} to={`/workspaces/${encodeURIComponent(list.workspace_id)}`} size="sm">
          {list.workspace_name}
        </Anchor>
      )}
      {editing ? (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (name.trim() && (await actions.rename(list.id, name))) setEditing(false);
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('lists.name')}
              value={name}
              maxLength={MAX_NAME_LENGTH}
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(false);
              }}
              autoFocus
            />
            <Button type="submit" disabled={!name.trim()}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </form>
      ) : (
        <Group gap="xs">
          <Title order={1} className={classes.title}>
            {list.name}
          </Title>
          {list.can_manage && (
            <Tooltip label={t('lists.rename')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('lists.rename')}
                onClick={() => {
                  setName(list.name);
                  setEditing(true);
                }}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Badge variant="light">{t(`lists.types.${list.type}`)}</Badge>
          {updating && <Loader size="xs" aria-label={t('workspaces.saving')} />}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {t('lists.memberCount', { count: list.member_count })}
      </Text>
      <SmartListSource list={list} />
    </Stack>
  );
}

type Column = { key: string; label: string };

function Members({
  list,
  contactActions,
}: {
  list: List;
  contactActions?: (contacts: { id: string; master_account_id: string }[], clear: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const contacts = list.type === 'contacts' || list.type === 'smartContact';
  const [params, setParams] = useState<MembersParams>({
    page: 1,
    page_size: PAGE_SIZE,
    sort: contacts ? 'last_name' : 'account_name',
    direction: 'asc',
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const members = useListMembers(list.id, params);
  const actions = useListActions();
  const page: ListMembersPage | undefined = members.data;
  const editable = !isSmartList(list.type);
  const idsOnPage = page
    ? page.kind === 'accounts'
      ? page.rows.map((r) => r.master_account_id)
      : page.rows.map((r) => r.id)
    : [];
  const allOnPage = idsOnPage.length > 0 && idsOnPage.every((id) => selected.has(id));
  const overCap = selected.size >= TERRITORY_SELECTION_CAP;

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

  function sortBy(key: string) {
    setParams((p) => ({
      ...p,
      page: 1,
      sort: key,
      direction: p.sort === key && p.direction === 'asc' ? 'desc' : 'asc',
    }));
  }

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  /** The name a member shows in the table: the account's, or the contact's full name. */
  function itemName(id: string | undefined): string | undefined {
    if (page?.kind === 'accounts') return page.rows.find((r) => r.master_account_id === id)?.account_name;
    if (page?.kind === 'contacts') {
      const contact = page.rows.find((r) => r.id === id);
      return contact && `${contact.first_name} ${contact.last_name}`;
    }
    return undefined;
  }

  async function removeSelected() {
    const ids = [...selected];
    // One item is named rather than counted ("1 selected items").
    const item = ids.length === 1 ? itemName(ids[0]) : undefined;
    const ok = await confirm({
      title: t('lists.removeTitle'),
      message:
        item === undefined
          ? t('lists.removeMessage', { count: ids.length, name: list.name })
          : t('lists.removeOneMessage', { item, name: list.name }),
      proceedLabel: t('lists.remove'),
      danger: true,
    });
    if (!ok) return;
    const result = await actions.removeMembers(list.id, ids);
    if (result) {
      setSelected(new Set());
      showSnackbar(t('lists.removed', { count: result.removed }));
    }
  }

  const select = (id: string, name: string) =>
    editable && (
      <Table.Td>
        <Checkbox
          aria-label={t('myAccounts.select', { name })}
          checked={selected.has(id)}
          onChange={() => toggle(id)}
        />
      </Table.Td>
    );

  return (
    <Stack gap="sm">
      {editable && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t('myAccounts.selected', { count: selected.size })}
          </Text>
          {page?.kind === 'contacts' &&
            contactActions?.(
              page.rows
                .filter((r) => selected.has(r.id))
                .map((r) => ({ id: r.id, master_account_id: r.master_account_id })),
              () => setSelected(new Set()),
            )}
          <Button
            color="red"
            variant="light"
            disabled={selected.size === 0 || overCap}
            onClick={() => void removeSelected()}
          >
            {t('lists.removeSelected')}
          </Button>
        </Group>
      )}
      {overCap && <Alert color="yellow">{LIST_CAP_MESSAGE}</Alert>}
      {members.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {members.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : page && page.total === 0 ? (
        <Text c="dimmed">{isSmartList(list.type) ? t('lists.smartEmpty') : t('lists.empty')}</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={contacts ? CONTACT_TABLE_MIN_WIDTH : ACCOUNT_TABLE_MIN_WIDTH}
          type="native"
          data-testid="list-members-scroll"
        >
          <Table striped highlightOnHover aria-busy={members.isFetching} data-testid="list-members">
            <Table.Thead>
              <Table.Tr>
                {editable && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('myAccounts.selectPage')}
                      checked={allOnPage}
                      onChange={() => {
                        const next = new Set(selected);
                        for (const id of idsOnPage) {
                          if (allOnPage) next.delete(id);
                          else next.add(id);
                        }
                        setSelected(next);
                      }}
                    />
                  </Table.Th>
                )}
                {columns.map((c) => (
                  <Table.Th key={c.label}>
                    {c.key ? (
                      <UnstyledButton
                        onClick={() => sortBy(c.key)}
                        aria-label={t('myAccounts.sortBy', { column: c.label })}
                      >
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm" fw={700}>
                            {c.label}
                          </Text>
                          {params.sort === c.key &&
                            (params.direction === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />)}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page?.kind === 'accounts' &&
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
                    <Table.Td>{r.website}</Table.Td>
                    <Table.Td>{r.industry}</Table.Td>
                    <Table.Td>{r.employees === null ? null : formatNumber(r.employees, language)}</Table.Td>
                    <Table.Td>{r.latest_signal_at ? formatDate(r.latest_signal_at, language) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              {page?.kind === 'contacts' &&
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
      )}
      {page && page.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(page.total / PAGE_SIZE)}
          value={params.page}
          onChange={(p) => setParams((prev) => ({ ...prev, page: p }))}
          aria-label={t('myAccounts.pages')}
        />
      )}
    </Stack>
  );
}
