import { Button, Menu, Text } from '@mantine/core';
import type { AccountAssignment, AccountHolder, AccountUnassignment } from '@quarry/shared';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { track } from '../../../lib/analytics.ts';
import { pickableUsersQueryOptions } from '../../../lib/company-users.ts';
import { reportedByMutationCache } from '../../../lib/query-client.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useAssignAccount } from '../api/assign-account.ts';
import { useUnassignAccount } from '../api/unassign-account.ts';
import { colleaguesMatching } from '../utils/colleagues-matching.ts';

/** Who is assigning: their uid, and whether they may assign to a colleague (managers and admins). */
/** Who assigns; `readOnly` while previewing a colleague's screens (view-as): nothing to assign then. */
export type Assigner = { uid: string; canAssignToColleagues: boolean; readOnly?: boolean };

/** Past this many colleagues the menu gets a search box. */
const SEARCH_FROM = 8;

/** The mark beside someone who already holds the account; an empty slot keeps names aligned. */
function HeldMark({ held }: { held: boolean }) {
  const { t } = useTranslation();
  if (!held) return <span style={{ display: 'inline-block', width: 16 }} />;
  return <IconCheck size={16} aria-label={t('valueMatch.alreadyHolds')} data-testid="assign-held-mark" />;
}

/** What a holder's menu item offers: clicking it removes their assignment, after a confirmation. */
function RemoveHint({ held }: { held: boolean }) {
  const { t } = useTranslation();
  if (!held) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('valueMatch.removeAssignment')}
    </Text>
  );
}

type AssignMenuProps = {
  masterAccountId: string;
  accountName: string;
  assigner: Assigner;
  holders: AccountHolder[];
};

/**
 * "Assign": adds the account to the caller's territory (My Accounts) or, for managers and admins,
 * to a colleague's (never a service account). Whoever already holds it has a check mark; clicking
 * them removes that assignment once the user confirms (the server applies the same role rule).
 * Nothing while the assigner is read-only (a view-as preview).
 */
export function AssignMenu(props: AssignMenuProps) {
  return props.assigner.readOnly ? null : <AssignMenuButton {...props} />;
}

function AssignMenuButton({ masterAccountId, accountName, assigner, holders }: AssignMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const assign = useAssignAccount();
  const unassign = useUnassignAccount();
  const users = useQuery({ ...pickableUsersQueryOptions(), enabled: opened && assigner.canAssignToColleagues });
  const heldBy = new Set(holders.map((h) => h.uid));
  const me = holders.find((h) => h.uid === assigner.uid)?.display_name ?? '';
  const colleagues = colleaguesMatching(users.data ?? [], assigner.uid, '');
  const shown = colleaguesMatching(colleagues, assigner.uid, search);

  function announceAssigned(result: AccountAssignment) {
    const mine = result.assignee.uid === assigner.uid;
    const values = { name: accountName, assignee: result.assignee.display_name };
    if (result.added) showSnackbar(t(mine ? 'valueMatch.assignedToMe' : 'valueMatch.assignedTo', values));
    else showSnackbar(t(mine ? 'valueMatch.alreadyMine' : 'valueMatch.alreadyTheirs', values));
  }

  // mutateAsync, not mutate's callbacks: the refetch that follows a change can take this card off
  // the feed ("my accounts only") before the answer is announced, and an unmounted observer's
  // callbacks never run, so the snack and the event were lost. A failure is reported by the cache.
  function assignTo(uid: string) {
    assign.mutateAsync({ masterAccountId, uid }).then((result) => {
      track('Value Match account assigned', {
        master_account_id: masterAccountId,
        assignee_uid: result.assignee.uid,
        added: result.added,
      });
      announceAssigned(result);
    }, reportedByMutationCache);
  }

  function announceRemoved(result: AccountUnassignment) {
    const mine = result.assignee.uid === assigner.uid;
    const values = { name: accountName, assignee: result.assignee.display_name };
    showSnackbar(t(mine ? 'valueMatch.removedFromMe' : 'valueMatch.removedFrom', values));
  }

  async function removeFrom(holder: AccountHolder) {
    const mine = holder.uid === assigner.uid;
    const values = { name: accountName, assignee: holder.display_name };
    const ok = await confirm({
      title: t(mine ? 'valueMatch.removeFromMeTitle' : 'valueMatch.removeFromTitle', values),
      message: t('valueMatch.removeMessage'),
      proceedLabel: t('valueMatch.removeAssignment'),
      danger: true,
    });
    if (!ok) return;
    // The spec names no event for removing an assignment, and "Value Match account assigned"
    // must count assignments only, so a removal sends none.
    unassign.mutateAsync({ masterAccountId, uid: holder.uid }).then(announceRemoved, reportedByMutationCache);
  }

  /** A held item removes that holder's assignment; any other item assigns. */
  function pick(holder: AccountHolder) {
    if (heldBy.has(holder.uid)) void removeFrom(holder);
    else assignTo(holder.uid);
  }

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconUserPlus size={16} />}
          loading={assign.isPending || unassign.isPending}
          aria-label={t('valueMatch.assignAccount', { name: accountName })}
          data-testid="value-match-assign"
        >
          {t('valueMatch.assign')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="22rem" style={{ overflowY: 'auto' }}>
        <Menu.Item
          onClick={() => pick({ uid: assigner.uid, display_name: me })}
          leftSection={<HeldMark held={heldBy.has(assigner.uid)} />}
          rightSection={<RemoveHint held={heldBy.has(assigner.uid)} />}
          data-held={heldBy.has(assigner.uid)}
        >
          {t('valueMatch.assignToMe')}
        </Menu.Item>
        {assigner.canAssignToColleagues && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('valueMatch.colleagues')}</Menu.Label>
            {colleagues.length >= SEARCH_FROM && (
              <Menu.Search
                placeholder={t('valueMatch.searchColleagues')}
                aria-label={t('valueMatch.searchColleagues')}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            )}
            {users.isPending ? (
              <Menu.Label>{t('common.loading')}</Menu.Label>
            ) : shown.length === 0 ? (
              <Menu.Label>{t('valueMatch.noColleagueFound')}</Menu.Label>
            ) : (
              shown.map((u) => (
                <Menu.Item
                  key={u.uid}
                  onClick={() => pick(u)}
                  leftSection={<HeldMark held={heldBy.has(u.uid)} />}
                  rightSection={<RemoveHint held={heldBy.has(u.uid)} />}
                  data-held={heldBy.has(u.uid)}
                >
                  {u.display_name}
                </Menu.Item>
              ))
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
