import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Home with no card to show. When filters are applied it offers "Clear filters", which shows every
 * match (no filter at all, not the user's defaults).
 */
export function FeedEmpty({ onClearFilters }: { onClearFilters: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" data-testid="value-match-empty">
      <Text c="dimmed">{t('valueMatch.empty')}</Text>
      {onClearFilters && (
        <Button variant="light" onClick={onClearFilters}>
          {t('valueMatch.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
