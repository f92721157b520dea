import { Badge, Loader } from '@mantine/core';
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

/**
 * "Value Match" (tier_1), "Value Alignment" (tier_2) or "Activity Found". While the matches are
 * computed again (`updating`, after a mark or its undo) the tier shown is the one before: the
 * badge says so with a spinner and its title until the new tier comes.
 */
export function TierBadge({ tier, updating = false }: { tier: MatchTier; updating?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLOR[tier]}
      variant="filled"
      data-testid="tier-badge"
      data-updating={updating || undefined}
      aria-busy={updating || undefined}
      title={updating ? t('valueMatch.recomputing') : undefined}
      leftSection={updating ? <Loader size={10} color="white" /> : undefined}
      styles={WHOLE_NAME}
    >
      {t(`valueMatch.tier.${tier}`)}
    </Badge>
  );
}
