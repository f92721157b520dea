import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useUpdateOwnField } from '../../features/users/api/update-own-field.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';

type GuideState = 'open' | 'dismissed';

/**
 * The guide as support sees it while impersonating a member: kept in this tab only, for that
 * member, so opening or closing it never touches the member's saved choice (the server refuses
 * that save too).
 */
const useSupportView = create<{ uid: string | null; state: GuideState | null }>(() => ({ uid: null, state: null }));

/**
 * Whether the first-run guide is open, and how to open or close it: saved in the member's
 * preferences on the server, or, while support impersonates them, only in support's tab.
 */
export function useFirstRunGuide() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const impersonating = useAuthStore((s) => s.impersonationActive);
  const supportView = useSupportView();
  const update = useUpdateOwnField();
  const local = impersonating && user && supportView.uid === user.uid ? supportView.state : null;
  const state = local ?? user?.preferences.first_run_guide;

  function setGuide(value: GuideState, onDone: () => void) {
    if (!user) return;
    if (impersonating) {
      useSupportView.setState({ uid: user.uid, state: value });
      onDone();
      return;
    }
    update.mutate(
      { field: 'preferences.first_run_guide', value },
      { onSuccess: onDone, onError: () => showSnackbar(t('errors.generic')) },
    );
  }

  return { open: state === 'open', impersonating, setGuide, pending: update.isPending };
}
