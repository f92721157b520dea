import { Text } from '@mantine/core';
import type { AccountHolder } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';

/**
 * Whose territories (My Accounts) hold the account; nothing while nobody holds it. The reader's own
 * territory is "your accounts", never their own name; in a view-as preview the reader is the
 * colleague previewed, as on every other part of the screen they would see.
 */
export function HeldBy({ holders }: { holders: AccountHolder[] }) {
  const { t } = useTranslation();
  const me = useAuthStore((s) => s.viewAsUserData?.uid ?? s.user?.uid);
  if (holders.length === 0) return null;
  const mine = holders.some((h) => h.uid === me);
  const names = holders
    .filter((h) => h.uid !== me)
    .map((h) => h.display_name)
    .join(', ');
  return (
    <Text size="xs" c="dimmed" data-testid="value-match-held-by">
      {mine
        ? names
          ? t('valueMatch.heldByYouAnd', { names })
          : t('valueMatch.heldByYou')
        : t('valueMatch.heldBy', { names })}
    </Text>
  );
}
