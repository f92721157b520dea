import { WorkspacePage } from '../../features/workspaces/components/workspace-page.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

/** /workspaces/{id}, told who is looking so owner and shared-user rights show the right actions. */
export function WorkspaceRoutePage() {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  return <WorkspacePage currentUid={uid} />;
}
