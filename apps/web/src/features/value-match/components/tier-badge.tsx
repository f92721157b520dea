import { Badge } from '@mantine/core';
import type { MatchTier } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

// Dark shades so the white label passes WCAG AA contrast.
const COLOR: Record<MatchTier, string> = { tier_1: 'teal.9', tier_2: 'blue.9', none: 'gray.7' };

/** "Value Match" (tier_1), "Value Alignment" (tier_2) or "Activity Found". */
export function TierBadge({ tier }: { tier: MatchTier }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[tier]} variant="filled" data-testid="tier-badge">
      {t(`valueMatch.tier.${tier}`)}
    </Badge>
  );
}
