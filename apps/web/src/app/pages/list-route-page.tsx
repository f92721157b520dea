import { useTranslation } from 'react-i18next';
import { StartListFlowButton } from '../../features/flows/components/start-list-flow-button.tsx';
import { AccountAutocomplete } from '../../features/search/components/account-autocomplete.tsx';
import { useAddListMembers } from '../../features/workspaces/api/add-list-members.ts';
import { ListPage } from '../../features/workspaces/components/list-page.tsx';
import { addedMessage } from '../../features/workspaces/utils/added-message.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';

/** /lists/{id}: the list table, with account search to add members to an account list and Quick Prospect for ticked contacts. */
export function ListRoutePage() {
  const { t } = useTranslation();
  const addMembers = useAddListMembers();
  return (
    <ListPage
      toolbar={(list) =>
        list.type === 'accounts' ? (
          <AccountAutocomplete
            label={t('lists.addAccount')}
            onSelect={(hit) =>
              addMembers.mutate(
                { id: list.id, ids: [hit.master_account_id] },
                { onSuccess: (result) => showSnackbar(addedMessage(t, list, 1, result.added)) },
              )
            }
          />
        ) : null
      }
      contactActions={(contacts, clear) => <StartListFlowButton contacts={contacts} onStarted={clear} />}
    />
  );
}
