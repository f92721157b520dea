import { Alert, Button, Center, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { MATCH_TIERS, type MatchTier } from '@quarry/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics.ts';
import { formatDate } from '../../../lib/format.ts';
import { isLanguage } from '../../../lib/i18n.ts';
import { useValueHypotheses } from '../api/get-value-hypotheses.ts';
import {
  useValueMatches,
  useValueMatchIndustries,
  useValueMatchStatus,
  type ValueMatchFilters,
} from '../api/get-value-matches.ts';
import { useLoadMoreOnScroll } from '../hooks/use-load-more-on-scroll.ts';
import type { Assigner } from './assign-menu.tsx';
import { ValueMatchCard } from './value-match-card.tsx';

const NO_FILTERS: ValueMatchFilters = { tier: null, hypothesisId: null, industry: null, mine: false };

/**
 * Home: accounts ranked by tier, score and recency, with filters, paged as the user scrolls.
 * `assigner` (who is signed in, from the app) decides whom each card's "Assign" offers.
 */
export function ValueMatchHomePage({ assigner }: { assigner: Assigner }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ValueMatchFilters>(NO_FILTERS);
  const feed = useValueMatches(filters);
  const status = useValueMatchStatus();
  const hypotheses = useValueHypotheses();
  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const industries = useValueMatchIndustries().data ?? [];
  const s = status.data ?? pages[0]?.status;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    track('Value Match scrolled', { page: pages.length + 1 });
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages.length]);
  const sentinel = useLoadMoreOnScroll(loadMore, Boolean(hasNextPage) && !isFetchingNextPage);

  const open = (masterAccountId: string) => {
    track('Value Match viewed', { master_account_id: masterAccountId });
    navigate(`/valueMatch/${encodeURIComponent(masterAccountId)}`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('screens.value.title')}</Title>
          <Text c="dimmed">{t('screens.value.description')}</Text>
        </div>
        <Group gap="xs" data-testid="value-match-status">
          {s?.running && <Loader size="xs" />}
          <Text size="sm" c="dimmed">
            {s?.running
              ? t('valueMatch.recomputing')
              : s?.last_computed_at
                ? t('valueMatch.lastComputed', { when: formatDate(s.last_computed_at, language, 'long') })
                : t('valueMatch.neverComputed')}
          </Text>
        </Group>
      </Group>

      <Group gap="sm" align="flex-end">
        <Select
          label={t('valueMatch.filters.tier')}
          placeholder={t('valueMatch.filters.allTiers')}
          clearable
          data={MATCH_TIERS.map((tier) => ({ value: tier, label: t(`valueMatch.tier.${tier}`) }))}
          value={filters.tier}
          onChange={(v) => setFilters((f) => ({ ...f, tier: (v as MatchTier | null) ?? null }))}
          w={180}
        />
        <Select
          label={t('valueMatch.filters.hypothesis')}
          placeholder={t('valueMatch.filters.allHypotheses')}
          clearable
          searchable
          data={(hypotheses.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
          value={filters.hypothesisId}
          onChange={(v) => setFilters((f) => ({ ...f, hypothesisId: v }))}
          w={280}
        />
        <Select
          label={t('valueMatch.filters.industry')}
          placeholder={t('valueMatch.filters.allIndustries')}
          clearable
          searchable
          data={industries}
          value={filters.industry}
          onChange={(v) => setFilters((f) => ({ ...f, industry: v }))}
          w={220}
        />
        <Switch
          label={t('valueMatch.filters.mine')}
          checked={filters.mine}
          onChange={(e) => {
            const mine = e.currentTarget.checked;
            setFilters((f) => ({ ...f, mine }));
          }}
          mb={8}
        />
      </Group>

      {feed.isError && <Alert color="red">{t('valueMatch.error')}</Alert>}
      {feed.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {feed.isSuccess && items.length === 0 && <Text c="dimmed">{t('valueMatch.empty')}</Text>}
      <Stack gap="sm" data-testid="value-match-feed">
        {items.map((m) => (
          <ValueMatchCard key={m.master_account_id} match={m} language={language} onOpen={open} assigner={assigner} />
        ))}
      </Stack>
      {hasNextPage && (
        <Center ref={sentinel}>
          <Button variant="subtle" onClick={loadMore} loading={isFetchingNextPage}>
            {t('valueMatch.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
