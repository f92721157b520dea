import { Badge } from '@mantine/core';
import type { MatchTier } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

// Dark shades so the white label passes WCAG AA contrast.
const COLOR: Record<MatchTier, string> = { tier_1: 'teal.9', tier_2: 'blue.9', none: 'gray.7' };

/**
 * The tier's name is never cut: the badge keeps its full width beside other content, and should
 * even that be too wide (a narrow phone, a long translation) the name wraps inside the badge.
 */
const WHOLE_NAME = {
  root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
} as const;

/** "Value Match" (tier_1), "Value Alignment" (tier_2) or "Activity Found". */
export function TierBadge({ tier }: { tier: MatchTier }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[tier]} variant="filled" data-testid="tier-badge" styles={WHOLE_NAME}>
      {t(`valueMatch.tier.${tier}`)}
    </Badge>
  );
}
