import type { UpdateOwnFieldBody } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { logError } from '../../../lib/log-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUpdateOwnField } from './update-own-field.ts';

type OwnChoice = Extract<UpdateOwnFieldBody, { field: 'preferences.language' | 'preferences.theme' }>;

/**
 * Saves the reader's language or theme in their preferences, once the screen already shows it.
 * While support impersonates a member, the member's choice is theirs alone (the server answers
 * 403): the change stays in support's browser and a snackbar says the member's own is kept. A
 * save that fails says so too. Answers whether the choice is being saved for the member.
 */
export function useSaveOwnChoice() {
  // Translated when said, not when rendered: a new language is already on screen by then.
  const { i18n } = useTranslation();
  const t = i18n.t.bind(i18n);
  const update = useUpdateOwnField();
  const impersonating = useAuthStore((s) => s.impersonationActive);
  const name = useAuthStore((s) => s.user?.display_name ?? '');
  return (body: OwnChoice): boolean => {
    const language = body.field === 'preferences.language';
    if (impersonating) {
      showSnackbar(t(language ? 'impersonation.languageNotSaved' : 'impersonation.themeNotSaved', { name }));
      return false;
    }
    update.mutate(body, {
      onError: (error) => {
        logError(`Field update failed: ${body.field}`, error);
        showSnackbar(t(language ? 'userMenu.languageNotSaved' : 'userMenu.themeNotSaved'));
      },
    });
    return true;
  };
}
