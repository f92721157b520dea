import { Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { TriggerStats } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';

const EXAMPLE_TIER_COLOR = { tier_1: 'teal', tier_2: 'blue', none: 'gray' } as const;

/**
 * What one trigger currently does: how many accounts it moves to each tier, the tenant's own
 * precision from "not relevant" marks, and three sentences it matched, the matched words marked,
 * each with the tier of the account it was found at.
 * While the matches are computed again (a trigger just switched on or edited) the figures are the
 * last computation's: they say so, rather than a trigger switched back on showing nothing found.
 */
export function TriggerStatsBlock({
  stats,
  loading,
  failed,
  updating = false,
}: {
  stats: TriggerStats | undefined;
  loading: boolean;
  failed: boolean;
  updating?: boolean;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  if (loading) {
    return (
      <Group gap="xs" data-testid="trigger-stats-loading">
        <Loader size="xs" />
        <Text size="xs" c="dimmed">
          {t('preferences.triggerStats.loading')}
        </Text>
      </Group>
    );
  }
  // Said once above the cards (triggers-page.tsx), with its retry.
  if (failed) return null;
  if (!stats) {
    return (
      <Text size="xs" c="dimmed" data-testid="trigger-stats">
        {t('preferences.triggerStats.notComputed')}
      </Text>
    );
  }
  // Precision counts every signal of a Value Match or Value Alignment account the trigger is found
  // in, not only the signal that ranks it: the line says so (walks read "0 · 0" beside "none of
  // 11 signals" as a contradiction), and those other signals are among the examples.
  const tierLabels = { tier1Label: t('valueMatch.tier.tier_1'), tier2Label: t('valueMatch.tier.tier_2') };
  return (
    <Stack gap={4} data-testid="trigger-stats">
      {updating && (
        <Group gap="xs" data-testid="trigger-stats-updating">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('preferences.triggerStats.updating')}
          </Text>
        </Group>
      )}
      <Text size="sm" data-testid="trigger-tier-counts" c={updating ? 'dimmed' : undefined}>
        {t('preferences.triggerStats.accounts', {
          tier1: stats.accounts.tier_1,
          tier2: stats.accounts.tier_2,
          none: stats.accounts.none,
          ...tierLabels,
        })}
      </Text>
      {/* An Activity Found account is found, not ranked: counted apart, so that it is not read as
          one more tier the trigger moved accounts into. */}
      {stats.accounts.none > 0 && (
        <Text size="sm" data-testid="trigger-found-only" c={updating ? 'dimmed' : undefined}>
          {t('preferences.triggerStats.foundOnly', {
            count: stats.accounts.none,
            noneLabel: t('valueMatch.tier.none'),
          })}
        </Text>
      )}
      {/* Value Match and Alignment accounts another signal ranks, whose sentences the examples may
          quote: counted, so that "ranks 0 · 0" beside them reads as what it is. */}
      {stats.accounts.ranked_by_others > 0 && (
        <Text size="sm" data-testid="trigger-ranked-by-others" c={updating ? 'dimmed' : undefined}>
          {t('preferences.triggerStats.rankedByOthers', { count: stats.accounts.ranked_by_others, ...tierLabels })}
        </Text>
      )}
      <Text size="sm" data-testid="trigger-precision">
        {stats.precision === null
          ? t('preferences.triggerStats.noPrecision')
          : stats.marked_not_relevant === 0
            ? // Nobody has judged a signal yet: a share of 100% would claim a precision no one measured.
              t('preferences.triggerStats.unmarkedPrecision', { count: stats.top_tier_hits, ...tierLabels })
            : t('preferences.triggerStats.precision', {
                percent: formatPercent(stats.precision, language),
                count: stats.marked_not_relevant,
                marked: stats.marked_not_relevant,
                total: stats.top_tier_hits,
                ...tierLabels,
              })}
      </Text>
      {stats.examples.length === 0 ? (
        !updating && (
          <Text size="xs" c="dimmed">
            {t('preferences.triggerStats.noExamples')}
          </Text>
        )
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t('preferences.triggerStats.examples')}
          </Text>
          <List size="sm" spacing={2}>
            {stats.examples.map((e) => (
              <List.Item key={`${e.master_account_id}:${e.hit_id}`} data-testid="trigger-example">
                <Text span size="sm" fw={600}>
                  {e.account_name}
                </Text>
                {/* Where it was found: a sentence at an Activity Found account moved nothing. */}
                {e.tier && (
                  <Badge
                    ml={6}
                    size="xs"
                    variant="light"
                    color={EXAMPLE_TIER_COLOR[e.tier]}
                    data-testid="trigger-example-tier"
                  >
                    {t(`valueMatch.tier.${e.tier}`)}
                  </Badge>
                )}
                {/* One of the account's other signals: the trigger did not rank it. */}
                {e.leads === false && (
                  <Text span size="xs" c="dimmed" ml={6} data-testid="trigger-example-beside-lead">
                    ({t('preferences.triggerStats.besideLead')})
                  </Text>
                )}
                {/* The reader's colon: French puts a space before it, after the badge or ")" too. */}
                {t('common.labelled', { label: '' })}
                {e.cut_start && '… '}
                {e.sentence.slice(0, e.start)}
                <mark>{e.sentence.slice(e.start, e.end)}</mark>
                {e.sentence.slice(e.end)}
                {e.cut_end && ' …'}
                {e.published_at && (
                  <Text span size="xs" c="dimmed">
                    {' · '}
                    {/* A date is never broken across lines ("7 août" / "2026"). */}
                    <span style={{ whiteSpace: 'nowrap' }}>{formatDate(e.published_at, language)}</span>
                  </Text>
                )}
                {e.marked_not_relevant && (
                  <Badge ml="xs" size="xs" color="gray" variant="light" data-testid="trigger-example-marked">
                    {t('valueMatch.notRelevantBadge')}
                  </Badge>
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
