import { Alert, Button, Center, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The end of the feed while more pages remain: "Load more", or, when loading the next page
 * failed, the error where the user is reading, with "Retry" beside it. `sentinel` is the ref that
 * loads the next page as it scrolls into view.
 */
export function FeedMore({
  loading,
  failed,
  onLoadMore,
  sentinel,
}: {
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  sentinel: (node: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Alert color="red" role="alert" py="xs" data-testid="value-match-more-error">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('valueMatch.loadMoreError')}</Text>
          <Button variant="default" size="xs" onClick={onLoadMore} loading={loading}>
            {t('valueMatch.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Center ref={sentinel}>
      <Button variant="subtle" onClick={onLoadMore} loading={loading}>
        {t('valueMatch.loadMore')}
      </Button>
    </Center>
  );
}
