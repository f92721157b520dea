import { Box, Group, Progress, Text } from '@mantine/core';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';

/**
 * A phone's bar chart of named counts: each row gives its label whole (wrapping, never cut), its
 * count, and a bar as long as its share of the largest. A chart's axis had room for a dozen
 * characters there, so "Mes comptes (/accounts)" read "Mes comptes (…".
 */
export function RankedBars({
  rows,
  label,
  color,
}: {
  rows: { name: string; count: number }[];
  /** What the list counts, for a screen reader ("Page views by page"). */
  label: string;
  color: string;
}) {
  const language = useUiLanguage();
  const largest = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Box component="li" key={row.name} mb="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.count.toLocaleString(language)}
            </Text>
          </Group>
          {/* The count is in the text beside: the bar only draws it. */}
          <Progress value={(row.count / largest) * 100} color={color} size="sm" aria-hidden />
        </Box>
      ))}
    </Box>
  );
}
