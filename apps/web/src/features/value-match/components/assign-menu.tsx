import { Button, Menu } from '@mantine/core';
import type { AccountAssignment } from '@quarry/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { companyUsersQueryOptions } from '../../../lib/company-users.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useAssignAccount } from '../api/assign-account.ts';
import { colleaguesMatching } from '../utils/colleagues-matching.ts';

/** Who is assigning: their uid, and whether they may assign to a colleague (managers and admins). */
export type Assigner = { uid: string; canAssignToColleagues: boolean };

/** Past this many colleagues the menu gets a search box. */
const SEARCH_FROM = 8;

/**
 * "Assign": adds the account to the caller's territory (My Accounts) or, for managers and admins,
 * to a colleague's. Assigning to someone who already holds it only says so.
 */
export function AssignMenu({
  masterAccountId,
  accountName,
  assigner,
}: {
  masterAccountId: string;
  accountName: string;
  assigner: Assigner;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const assign = useAssignAccount();
  const users = useQuery({ ...companyUsersQueryOptions(), enabled: opened && assigner.canAssignToColleagues });
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
        <Menu.Item onClick={() => assignTo(assigner.uid)}>{t('valueMatch.assignToMe')}</Menu.Item>
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
                <Menu.Item key={u.uid} onClick={() => assignTo(u.uid)}>
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
