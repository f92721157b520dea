import { useParams } from 'react-router';
import { AccountPage } from '../../features/accounts/components/account-page.tsx';
import { StartFlowButtons } from '../../features/flows/components/start-flow-buttons.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';

/**
 * /accounts/{id}: the account page, with "Add to list" from the workspaces feature and "Create
 * value message" / "Quick Prospect" from the flows feature for the ticked contacts.
 */
export function AccountRoutePage() {
  const { masterAccountId = '' } = useParams();
  return (
    <AccountPage
      actions={(account) => <AddToListMenu ids={() => [account.master_account_id]} />}
      contactActions={(selected, clear) => (
        <>
          <StartFlowButtons masterAccountId={masterAccountId} contactIds={selected} onStarted={clear} />
          <AddToListMenu
            type="contacts"
            size="xs"
            ids={() => selected}
            disabled={selected.length === 0}
            onAdded={clear}
          />
        </>
      )}
    />
  );
}
