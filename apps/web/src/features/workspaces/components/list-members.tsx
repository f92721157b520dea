import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  CONTACT_SORTS,
  isContactList,
  isSmartList,
  LIST_CAP_MESSAGE,
  type List,
  TERRITORY_SORTS,
} from '@quarry/shared';
import { TERRITORY_SELECTION_CAP } from '@quarry/shared/constants';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { focusTableBox } from '../../../lib/focus-table-box.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useIdSelection } from '../../../lib/use-id-selection.ts';
import type { MembersParams } from '../api/list-keys.ts';
import { useListMembers } from '../api/lists.ts';
import { useRemoveListMembers } from '../api/remove-list-members.ts';
import { ListMembersTable } from './list-members-table.tsx';

const PAGE_SIZE = 50;

/** Actions on the ticked contacts of a contact list, each with its account; `clear` unticks them. */
export type ContactActions = (contacts: { id: string; master_account_id: string }[], clear: () => void) => ReactNode;

/** A list's members a page at a time: ticking, removing the ticked ones (static lists), sorting and paging. */
export function ListMembers({ list, contactActions }: { list: List; contactActions?: ContactActions }) {
  const { t } = useTranslation();
  const contacts = isContactList(list.type);
  // Page and order are in the address: Back from an account, or a reload, returns to them.
  const [search, setSearch] = useSearchParams();
  const sorts: readonly string[] = contacts ? CONTACT_SORTS : TERRITORY_SORTS;
  const sortParam = search.get('sort') ?? '';
  const params: MembersParams = {
    page: Math.max(1, Math.floor(Number(search.get('page')) || 1)),
    page_size: PAGE_SIZE,
    sort: sorts.includes(sortParam) ? sortParam : contacts ? 'last_name' : 'account_name',
    direction: search.get('direction') === 'desc' ? 'desc' : 'asc',
  };
  const setParams = (next: MembersParams) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('page', String(next.page));
        out.set('sort', next.sort);
        out.set('direction', next.direction);
        return out;
      },
      { replace: true },
    );
  const members = useListMembers(list.id, params);
  const unreadableFilter = list.smart_filter?.state === 'private' || list.smart_filter?.state === 'missing';
  const removeMembers = useRemoveListMembers();
  const panel = useRef<HTMLDivElement>(null);
  const page = members.data;
  const editable = !isSmartList(list.type);
  const rows =
    page?.kind === 'accounts' ? page.rows.map((r) => ({ id: r.master_account_id, name: r.account_name })) : [];
  const people =
    page?.kind === 'contacts' ? page.rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}` })) : [];
  const shown = [...rows, ...people];
  // A page past the end (its last members removed, or an old link): the last page there is.
  const lastPage = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : null;
  const pastEnd = lastPage !== null && params.page > lastPage;
  useEffect(() => {
    if (pastEnd && lastPage !== null) setParams({ ...params, page: lastPage });
  });
  const selection = useIdSelection(shown.map((r) => r.id));
  const overCap = selection.count >= TERRITORY_SELECTION_CAP;

  function sortBy(key: string) {
    setParams({
      ...params,
      page: 1,
      sort: key,
      direction: params.sort === key && params.direction === 'asc' ? 'desc' : 'asc',
    });
  }

  async function removeSelected() {
    const ids = selection.selected;
    // One item is named rather than counted ("1 selected items").
    const item = ids.length === 1 ? shown.find((r) => r.id === ids[0])?.name : undefined;
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
    removeMembers.mutate(
      { id: list.id, ids },
      {
        onSuccess: (result) => {
          selection.clear();
          showSnackbar(t('lists.removedCount', { count: result.removed, context: contacts ? 'contacts' : undefined }));
          focusTableBox(panel.current, 'firstRow');
        },
      },
    );
  }

  return (
    <Stack gap="sm" ref={panel}>
      {editable && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t(contacts ? 'myAccounts.contactsSelected' : 'myAccounts.selected', { count: selection.count })}
          </Text>
          {page?.kind === 'contacts' &&
            contactActions?.(
              page.rows
                .filter((r) => selection.isSelected(r.id))
                .map((r) => ({ id: r.id, master_account_id: r.master_account_id })),
              selection.clear,
            )}
          <Button
            color="red"
            variant="light"
            disabled={selection.count === 0 || overCap}
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
        // A smart list whose filter this reader cannot read is empty for that reason, which the
        // header says (SmartListSource): "nothing matches" would contradict it.
        unreadableFilter ? null : (
          <Text c="dimmed" data-testid="list-empty">
            {isSmartList(list.type)
              ? t('lists.smartEmpty')
              : // Contacts come from an account page's Contacts tab, not from search or My Accounts.
                list.type === 'contacts'
                ? t('lists.contactsEmpty')
                : t('lists.empty')}
          </Text>
        )
      ) : page ? (
        <ListMembersTable
          page={page}
          params={params}
          onSort={sortBy}
          selection={editable ? selection : null}
          busy={members.isFetching}
        />
      ) : null}
      {page && (
        <Pager
          total={page.total}
          pageSize={PAGE_SIZE}
          page={params.page}
          onChange={(p) => setParams({ ...params, page: p })}
        />
      )}
    </Stack>
  );
}
