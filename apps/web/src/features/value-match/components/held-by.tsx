import { Text } from '@mantine/core';
import type { AccountHolder } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

/** Whose territories (My Accounts) hold the account; nothing while nobody holds it. */
export function HeldBy({ holders }: { holders: AccountHolder[] }) {
  const { t } = useTranslation();
  if (holders.length === 0) return null;
  const names = holders.map((h) => h.display_name).join(', ');
  return (
    <Text size="xs" c="dimmed" data-testid="value-match-held-by">
      {t('valueMatch.heldBy', { names })}
    </Text>
  );
}
