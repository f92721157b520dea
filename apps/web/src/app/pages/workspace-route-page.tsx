import { useAuthStore } from '../../features/auth/stores/auth-store.ts';
import { WorkspacePage } from '../../features/workspaces/components/workspace-page.tsx';

/** /workspaces/{id}, told who is looking so owner and shared-user rights show the right actions. */
export function WorkspaceRoutePage() {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  return <WorkspacePage currentUid={uid} />;
}
