import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type HomeFilters, NO_HOME_FILTERS, type ValueMatchCard as ValueMatchCardData } from '@quarry/shared';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_LABEL_HEIGHT, HomeFilterFields } from '../../../components/home-filter-fields.tsx';
import { track } from '../../../lib/analytics.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMe } from '../../../lib/get-me.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useValueHypotheses } from '../../../lib/value-hypotheses.ts';
import { useValueMatches, useValueMatchStatus } from '../api/get-value-matches.ts';
import { sameHomeFilters, useHomeFilters } from '../hooks/use-home-filters.ts';
import { useLoadMoreOnScroll } from '../hooks/use-load-more-on-scroll.ts';
import type { Assigner } from './assign-menu.tsx';
import { FeedEmpty } from './feed-empty.tsx';
import { FeedMore } from './feed-more.tsx';
import { ValueMatchCard } from './value-match-card.tsx';

/** The feed as an action beside it sees it: whether the server has more, and a way to page on. */
export type FeedPaging = {
  hasMore: boolean;
  /**
   * Loads page after page while `more` says so of everything loaded and the server has more, and
   * returns everything loaded (the cards appear in the feed as they come).
   */
  loadWhile: (more: (loaded: ValueMatchCardData[]) => boolean) => Promise<ValueMatchCardData[]>;
};

/** What the page composing Home adds beside the feed, given the accounts loaded so far (e.g. a campaign over them). */
type FeedActions = (loaded: ValueMatchCardData[], paging: FeedPaging) => ReactNode;

/**
 * Home: the user's default filters, or those the address names. `assigner` (who is signed in, from
 * the app) decides whom each card's "Assign" offers; `feedActions` come from other features.
 */
export function ValueMatchHomePage({
  assigner,
  feedActions,
  viewAsUid = null,
}: {
  assigner: Assigner;
  feedActions?: FeedActions;
  /** View-as: the colleague whose My Accounts "my accounts only" shows. */
  viewAsUid?: string | null;
}) {
  const me = useMe();
  const hypotheses = useValueHypotheses();
  if (!me.data) return <Loader />;
  const saved = me.data.user.preferences.home_filters;
  // A default hypothesis since deleted or made private would empty the feed: drop it once the list is known.
  const visible = hypotheses.data && new Set(hypotheses.data.map((h) => h.id));
  const defaults =
    saved && visible ? { ...saved, hypothesis_ids: saved.hypothesis_ids.filter((id) => visible.has(id)) } : saved;
  return (
    <ValueMatchHome
      defaults={defaults}
      hypothesisIds={visible}
      assigner={assigner}
      feedActions={feedActions}
      viewAsUid={viewAsUid}
    />
  );
}

/** Accounts ranked by tier, score and recency, with filters, paged as the user scrolls. */
function ValueMatchHome({
  defaults,
  hypothesisIds,
  assigner,
  feedActions,
  viewAsUid,
}: {
  defaults: HomeFilters | undefined;
  /** The hypotheses the user may see, once loaded: the only ones a filter may name. */
  hypothesisIds: ReadonlySet<string> | undefined;
  assigner: Assigner;
  feedActions?: FeedActions;
  viewAsUid: string | null;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { filters, setFilters, differsFromDefaults, resetToDefaults } = useHomeFilters(defaults, hypothesisIds);
  const feed = useValueMatches(filters, viewAsUid);
  const status = useValueMatchStatus();
  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const s = status.data ?? pages[0]?.status;
  // On a phone the filters would fill the first screen: they fold behind a button saying how many are set.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chosen =
    filters.tiers.length + filters.hypothesis_ids.length + filters.industries.length + (filters.mine ? 1 : 0);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    track('Value Match scrolled', { page: pages.length + 1 });
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages.length]);
  // The latest pages, read by `loadWhile` between the pages it fetches.
  const latest = useRef(feed);
  latest.current = feed;
  const loadWhile = useCallback(
    async (more: (loaded: ValueMatchCardData[]) => boolean) => {
      let data = latest.current.data;
      let next = latest.current.hasNextPage;
      for (;;) {
        const loaded = data?.pages.flatMap((p) => p.items) ?? [];
        if (!next || !more(loaded)) return loaded;
        const result = await fetchNextPage();
        if (result.isError) throw result.error;
        data = result.data;
        next = result.hasNextPage;
      }
    },
    [fetchNextPage],
  );
  // After a failed page, scrolling no longer retries on its own: the user chooses "Retry".
  const sentinel = useLoadMoreOnScroll(loadMore, Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError);

  // The card is a link to the match; opening it is counted.
  const open = (masterAccountId: string) => track('Value Match viewed', { master_account_id: masterAccountId });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('screens.value.title')}</Title>
          <Text c="dimmed">{t('screens.value.description')}</Text>
        </div>
        {/* Nothing until the status is known: "Not computed yet" would be wrong while it loads. */}
        {s && (
          <Group gap="xs" data-testid="value-match-status">
            {s.running && <Loader size="xs" />}
            <Text size="sm" c="dimmed">
              {s.running
                ? t('valueMatch.recomputing')
                : s.last_computed_at
                  ? t('valueMatch.lastComputed', { when: formatDateTime(s.last_computed_at, language) })
                  : t('valueMatch.neverComputed')}
            </Text>
          </Group>
        )}
      </Group>

      {phone && (
        <Button
          variant="default"
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls="home-filters"
          rightSection={filtersOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          leftSection={chosen > 0 ? <Badge size="sm">{chosen}</Badge> : undefined}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('filters.filters')}
        </Button>
      )}
      <Group gap="sm" align="flex-start" id="home-filters">
        {(!phone || filtersOpen) && <HomeFilterFields value={filters} onChange={setFilters} direction="row" />}
        {differsFromDefaults && (!phone || filtersOpen) && (
          <Button variant="subtle" onClick={resetToDefaults} mt={FILTER_LABEL_HEIGHT}>
            {t('valueMatch.filters.resetToDefaults')}
          </Button>
        )}
        {feedActions && feed.isSuccess && (
          <Group gap="xs" mt={phone ? 0 : FILTER_LABEL_HEIGHT} ml="auto" maw="100%">
            {feedActions(items, { hasMore: Boolean(hasNextPage), loadWhile })}
          </Group>
        )}
      </Group>

      {feed.isError && !isFetchNextPageError && (
        <Alert color="red">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('valueMatch.error')}</Text>
            <Button size="xs" variant="default" loading={feed.isFetching} onClick={() => void feed.refetch()}>
              {t('valueMatch.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {feed.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {feed.isSuccess && items.length === 0 && (
        <FeedEmpty
          onClearFilters={sameHomeFilters(filters, NO_HOME_FILTERS) ? undefined : () => setFilters(NO_HOME_FILTERS)}
          mineOnly={filters.mine && chosen === 1 && !viewAsUid}
        />
      )}
      <Stack gap="sm" data-testid="value-match-feed">
        {items.map((m) => (
          <ValueMatchCard key={m.master_account_id} match={m} language={language} onOpen={open} assigner={assigner} />
        ))}
      </Stack>
      {hasNextPage && (
        <FeedMore
          loading={isFetchingNextPage}
          failed={isFetchNextPageError}
          onLoadMore={loadMore}
          sentinel={sentinel}
        />
      )}
      {feed.isSuccess && items.length > 0 && !hasNextPage && (
        <Text size="sm" c="dimmed" ta="center" data-testid="value-match-end">
          {t('valueMatch.endOfList')}
        </Text>
      )}
    </Stack>
  );
}
