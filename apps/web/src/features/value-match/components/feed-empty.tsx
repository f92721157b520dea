import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Home with no card to show. When filters are applied it offers "Clear filters", which shows every
 * match (no filter at all, not the user's defaults). With "My accounts only" the only filter, it
 * says how an account becomes the user's, rather than that no account matches.
 */
export function FeedEmpty({
  onClearFilters,
  mineOnly = false,
}: {
  onClearFilters: (() => void) | undefined;
  mineOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" data-testid="value-match-empty">
      <Text c="dimmed">{mineOnly ? t('valueMatch.emptyMine') : t('valueMatch.empty')}</Text>
      {onClearFilters && (
        <Button variant="light" onClick={onClearFilters}>
          {t('valueMatch.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
