import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';

/**
 * A screen of the product contract that this version does not have yet: its translated title and
 * purpose, and a plain statement that it is not available, with the way back.
 */
export function ScreenPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const screen = (matches.at(-1)?.handle as { screen?: string } | undefined)?.screen ?? 'value';
  return (
    <Stack gap="md" maw={720}>
      <Stack gap="xs">
        <Title order={1}>{t(`screens.${screen}.title`)}</Title>
        <Text c="dimmed">{t(`screens.${screen}.description`)}</Text>
      </Stack>
      <Alert color="gray" title={t('screens.notYet.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('screens.notYet.message')}</Text>
          <Button component={Link} to="/" variant="light" size="xs">
            {t('screens.notYet.home')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
