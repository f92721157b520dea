import { Badge } from '@mantine/core';
import type { MatchTier } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<MatchTier, string> = { tier_1: 'green', tier_2: 'blue', none: 'gray' };

/** "Value Match" (tier_1), "Value Alignment" (tier_2) or "Activity Found". */
export function TierBadge({ tier }: { tier: MatchTier }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[tier]} variant={tier === 'tier_1' ? 'filled' : 'light'} data-testid="tier-badge">
      {t(`valueMatch.tier.${tier}`)}
    </Badge>
  );
}
