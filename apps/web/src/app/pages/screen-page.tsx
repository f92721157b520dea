import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** A screen whose content later work fills: its translated title and what it is for. */
export function ScreenPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const screen = (matches.at(-1)?.handle as { screen?: string } | undefined)?.screen ?? 'value';
  return (
    <Stack gap="xs">
      <Title order={1}>{t(`screens.${screen}.title`)}</Title>
      <Text c="dimmed">{t(`screens.${screen}.description`)}</Text>
    </Stack>
  );
}
