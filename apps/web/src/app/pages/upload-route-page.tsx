import { UploadPage } from '../../features/uploads/components/upload-page.tsx';
import { NewListButton } from '../../features/workspaces/components/new-list-button.tsx';

/** /upload, Add Accounts, with "New list…" beside its list destination. */
export function UploadRoutePage() {
  return <UploadPage newListAction={(pick) => <NewListButton type="accounts" onCreated={(list) => pick(list.id)} />} />;
}
