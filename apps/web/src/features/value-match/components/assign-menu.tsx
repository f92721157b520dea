import { Button, Menu } from '@mantine/core';
import type { AccountAssignment, AccountHolder } from '@quarry/shared';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { pickableUsersQueryOptions } from '../../../lib/company-users.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useAssignAccount } from '../api/assign-account.ts';
import { colleaguesMatching } from '../utils/colleagues-matching.ts';

/** Who is assigning: their uid, and whether they may assign to a colleague (managers and admins). */
export type Assigner = { uid: string; canAssignToColleagues: boolean };

/** Past this many colleagues the menu gets a search box. */
const SEARCH_FROM = 8;

/** The mark beside someone who already holds the account; an empty slot keeps names aligned. */
function HeldMark({ held }: { held: boolean }) {
  const { t } = useTranslation();
  if (!held) return <span style={{ display: 'inline-block', width: 16 }} />;
  return <IconCheck size={16} aria-label={t('valueMatch.alreadyHolds')} data-testid="assign-held-mark" />;
}

/**
 * "Assign": adds the account to the caller's territory (My Accounts) or, for managers and admins,
 * to a colleague's (never a service account). Whoever already holds it has a check mark;
 * assigning to them again only says so.
 */
export function AssignMenu({
  masterAccountId,
  accountName,
  assigner,
  holders,
}: {
  masterAccountId: string;
  accountName: string;
  assigner: Assigner;
  holders: AccountHolder[];
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const assign = useAssignAccount();
  const users = useQuery({ ...pickableUsersQueryOptions(), enabled: opened && assigner.canAssignToColleagues });
  const heldBy = new Set(holders.map((h) => h.uid));
  const colleagues = colleaguesMatching(users.data ?? [], assigner.uid, '');
  const shown = colleaguesMatching(colleagues, assigner.uid, search);

  function confirm(result: AccountAssignment) {
    const mine = result.assignee.uid === assigner.uid;
    const values = { name: accountName, assignee: result.assignee.display_name };
    if (result.added) showSnackbar(t(mine ? 'valueMatch.assignedToMe' : 'valueMatch.assignedTo', values));
    else showSnackbar(t(mine ? 'valueMatch.alreadyMine' : 'valueMatch.alreadyTheirs', values));
  }

  function assignTo(uid: string) {
    assign.mutate(
      { masterAccountId, uid },
      {
        onSuccess: (result) => {
          track('Value Match account assigned', {
            master_account_id: masterAccountId,
            assignee_uid: result.assignee.uid,
            added: result.added,
          });
          confirm(result);
        },
        onError: () => showSnackbar(t('valueMatch.assignError')),
      },
    );
  }

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconUserPlus size={16} />}
          loading={assign.isPending}
          aria-label={t('valueMatch.assignAccount', { name: accountName })}
          data-testid="value-match-assign"
        >
          {t('valueMatch.assign')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="22rem" style={{ overflowY: 'auto' }}>
        <Menu.Item
          onClick={() => assignTo(assigner.uid)}
          leftSection={<HeldMark held={heldBy.has(assigner.uid)} />}
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
                  onClick={() => assignTo(u.uid)}
                  leftSection={<HeldMark held={heldBy.has(u.uid)} />}
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
