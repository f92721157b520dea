import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ValueMatchCard as Card_, Language } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLogo } from '../../../components/account-logo.tsx';
import { formatDate } from '../../../lib/format.ts';
import { industryLabel } from '../../../lib/industry-label.ts';
import { saidHighlights } from '../utils/said-highlights.ts';
import { whyNowOf } from '../utils/why-now-text.ts';
import { type Assigner, AssignMenu } from './assign-menu.tsx';
import { HeldBy } from './held-by.tsx';
import { HighlightedText } from './highlighted-text.tsx';
import { ShareButton } from './share-button.tsx';
import { TierBadge } from './tier-badge.tsx';

/**
 * One account in the feed: who, which tier and hypothesis, the top signal quoted, and why now;
 * below it who holds the account, and "Share" and "Assign".
 */
export function ValueMatchCard({
  match,
  language,
  onOpen,
  assigner,
}: {
  match: Card_;
  language: Language;
  /** Told when the card is opened (a click on its link), to count the view. */
  onOpen: (masterAccountId: string) => void;
  assigner: Assigner;
}) {
  const { t } = useTranslation();
  const whyNow = whyNowOf(match, t, language);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      data-testid="value-match-card"
      data-tier={match.tier}
      data-account-id={match.master_account_id}
    >
      {/* A link: a middle click or Ctrl+click opens the match in a new tab, as a rep comparing accounts expects. */}
      <UnstyledButton
        component={Link}
        to={`/valueMatch/${encodeURIComponent(match.master_account_id)}`}
        onClick={() => onOpen(match.master_account_id)}
        data-testid="value-match-open"
      >
        <Stack gap="xs">
          {/* On a narrow screen the tier badge moves under the name rather than being cut. */}
          <Group justify="space-between" align="flex-start" gap="xs">
            <Group gap="sm" wrap="nowrap">
              <AccountLogo name={match.account_name} logoUrl={match.logo_url} />
              <div>
                <Text fw={700} data-testid="value-match-account-name">
                  {match.account_name}
                </Text>
                {match.industry && (
                  <Text size="xs" c="dimmed" data-testid="value-match-industry">
                    {industryLabel(match.industry, t)}
                  </Text>
                )}
              </div>
            </Group>
            <TierBadge tier={match.tier} />
          </Group>
          {match.hypothesis_name && (
            <Text size="sm">
              <Text span c="dimmed">
                {/* Only a Value Match has matched it; a weaker card's evidence may say nothing of it yet. */}
                {t('common.labelled', {
                  label: t(match.tier === 'tier_1' ? 'valueMatch.matchedHypothesis' : 'valueMatch.closestHypothesis'),
                })}
              </Text>
              {match.hypothesis_name}
            </Text>
          )}
          {match.also_matches && (
            <Text size="sm" data-testid="value-match-also">
              <Text span c="dimmed">
                {t('common.labelled', { label: t('valueMatch.alsoMatches') })}
              </Text>
              {match.also_matches}
              {/* The badge is the lead hypothesis's tier: this one's may be another. */}
              {match.also_matches_tier && (
                <Text span c="dimmed" data-testid="value-match-also-tier">
                  {' · '}
                  {t(`valueMatch.tier.${match.also_matches_tier}`)}
                </Text>
              )}
            </Text>
          )}
          {match.hit_title && (
            <Text size="sm" fw={600} data-testid="value-match-headline">
              <HighlightedText text={match.hit_title} highlights={match.title_highlights} />
              {match.hit_published_at && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {' · '}
                  {formatDate(match.hit_published_at, language)}
                </Text>
              )}
              {match.hit_source && (
                <Text span size="xs" c="dimmed" fw={400} data-testid="value-match-source">
                  {' · '}
                  {t('accounts.source', { source: match.hit_source })}
                </Text>
              )}
            </Text>
          )}
          {whyNow && (
            <Text size="sm" c="dimmed" data-testid="value-match-why-now">
              {/* The evidence's own words marked in the sentence it quotes, as on the match's page. */}
              <HighlightedText
                text={whyNow}
                highlights={saidHighlights(
                  whyNow,
                  match.why_now_facts?.top_hit?.said,
                  match.why_now_facts?.phrases ?? [],
                )}
              />
            </Text>
          )}
        </Stack>
      </UnstyledButton>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <HeldBy holders={match.held_by} />
        <Group gap="xs" ml="auto" wrap="nowrap">
          <ShareButton masterAccountId={match.master_account_id} accountName={match.account_name} />
          <AssignMenu
            masterAccountId={match.master_account_id}
            accountName={match.account_name}
            assigner={assigner}
            holders={match.held_by}
          />
        </Group>
      </Group>
    </Card>
  );
}
