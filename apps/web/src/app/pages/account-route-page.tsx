import { AccountPage } from '../../features/accounts/components/account-page.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';

/** /accounts/{id}: the account page, with "Add to list" from the workspaces feature. */
export function AccountRoutePage() {
  return (
    <AccountPage
      actions={(account) => <AddToListMenu ids={() => [account.master_account_id]} />}
      contactActions={(selected, clear) => (
        <AddToListMenu
          type="contacts"
          size="xs"
          ids={() => selected}
          disabled={selected.length === 0}
          onAdded={clear}
        />
      )}
    />
  );
}
