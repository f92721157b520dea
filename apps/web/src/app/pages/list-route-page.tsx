import { useTranslation } from 'react-i18next';
import { StartListFlowButton } from '../../features/flows/components/start-list-flow-button.tsx';
import { AccountAutocomplete } from '../../features/search/components/account-autocomplete.tsx';
import { useListActions } from '../../features/workspaces/api/lists.ts';
import { ListPage } from '../../features/workspaces/components/list-page.tsx';
import { addedMessage } from '../../features/workspaces/utils/added-message.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';

/** /lists/{id}: the list table, with account search to add members to an account list and Quick Prospect for ticked contacts. */
export function ListRoutePage() {
  const { t } = useTranslation();
  const actions = useListActions();
  return (
    <ListPage
      toolbar={(list) =>
        list.type === 'accounts' ? (
          <AccountAutocomplete
            label={t('lists.addAccount')}
            onSelect={async (hit) => {
              const result = await actions.addMembers(list.id, [hit.master_account_id]);
              if (result) showSnackbar(addedMessage(t, list.name, 1, result.added));
            }}
          />
        ) : null
      }
      contactActions={(contacts, clear) => <StartListFlowButton contacts={contacts} onStarted={clear} />}
    />
  );
}
