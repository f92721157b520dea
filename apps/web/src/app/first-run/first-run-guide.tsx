import { Anchor, Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUpdateOwnField } from '../../features/settings/api/update-own-field.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';

/** Moves focus to the guide's heading: reopened from the user menu, a keyboard user lands in it. */
function focusHeading(heading: HTMLHeadingElement | null) {
  heading?.focus();
}

/** The guide's steps in order, each with where it leads. */
const STEPS = [
  { step: 'home', to: null },
  { step: 'territory', to: '/MyTerritory' },
  { step: 'preferences', to: '/settings?category=userPreferences' },
] as const;

/** What the user menu's "Getting started" passes along with its navigation to Home. */
export const FOCUS_GUIDE_STATE = { focusGuide: true } as const;

/**
 * The first-run guide on Home (issue #17, item 14): what Home shows, setting a territory, where
 * preferences live. Open for a new member until they dismiss it (kept in their preferences on the
 * server, so it stays dismissed on every device); "Getting started" in the user menu reopens it.
 */
export function FirstRunGuide() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const update = useUpdateOwnField();
  const reopened = (useLocation().state as typeof FOCUS_GUIDE_STATE | null)?.focusGuide === true;
  if (user?.preferences.first_run_guide !== 'open') return null;

  function dismiss() {
    update.mutate(
      { field: 'preferences.first_run_guide', value: 'dismissed' },
      {
        onSuccess: () => showSnackbar(t('firstRun.dismissed')),
        onError: () => showSnackbar(t('errors.generic')),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" role="region" aria-label={t('firstRun.title')} mb="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconCompass size={22} aria-hidden />
            <Title order={2} size="h4" tabIndex={-1} ref={reopened ? focusHeading : undefined}>
              {t('firstRun.title')}
            </Title>
          </Group>
          <CloseButton aria-label={t('firstRun.close')} onClick={dismiss} disabled={update.isPending} />
        </Group>
        <List spacing="xs" type="ordered">
          {STEPS.map(({ step, to }) => (
            <List.Item key={step}>
              <Text fw={600} span>
                {t(`firstRun.${step}Title`)}
              </Text>{' '}
              {t(`firstRun.${step}`)}
              {to && (
                <>
                  {' '}
                  <Anchor component={Link} to={to}>
                    {t(`firstRun.${step}Link`)}
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('firstRun.reopen')}
        </Text>
        <Group>
          <Button onClick={dismiss} loading={update.isPending}>
            {t('firstRun.gotIt')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
