import type { Assigner } from '../features/value-match/components/assign-menu.tsx';
import { useAuthStore } from '../lib/auth-store.ts';

/**
 * The signed-in user as Value Match's "Assign" needs them: anyone may assign to themselves, and
 * managers and admins to a colleague too (the server enforces the same rule).
 */
export function useAssigner(): Assigner {
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const canAssignToColleagues = useAuthStore((s) => Boolean(s.user && (s.user.is_manager || s.user.is_admin)));
  return { uid, canAssignToColleagues };
}
