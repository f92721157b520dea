import type { Assigner } from '../features/value-match/components/assign-menu.tsx';
import { useAuthStore } from '../lib/auth-store.ts';

/**
 * The signed-in user as Value Match's "Assign" needs them: anyone may assign to themselves, and
 * managers and admins to a colleague too (the server enforces the same rule).
 */
export function useAssigner(): Assigner {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const canAssignToColleagues = useAuthStore((s) => Boolean(s.user && (s.user.is_manager || s.user.is_admin)));
  // A view-as preview is read-only: its cards offer no Assign.
  const readOnly = useAuthStore((s) => s.viewAsUserData !== null);
  return { uid, canAssignToColleagues, readOnly };
}
