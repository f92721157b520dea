import { Anchor, Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { showSnackbar } from '../../lib/snackbar-store.ts';
import { useFirstRunGuide } from './use-first-run-guide.ts';

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
  const guide = useFirstRunGuide();
  const reopened = (useLocation().state as typeof FOCUS_GUIDE_STATE | null)?.focusGuide === true;
  if (!guide.open) return null;

  function dismiss() {
    if (guide.pending) return;
    // The guide leaves the page with the focus inside it: the keyboard goes on from the page's
    // content, not from the top of the document.
    document.getElementById('main-content')?.focus();
    guide.setGuide('dismissed', () =>
      showSnackbar(t(guide.impersonating ? 'firstRun.dismissedImpersonating' : 'firstRun.dismissed')),
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      role="region"
      aria-label={t('firstRun.title')}
      mb="md"
      // Escape anywhere in the guide dismisses it, as it would close a dialog.
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        dismiss();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconCompass size={22} aria-hidden />
            <Title order={2} size="h4" tabIndex={-1} ref={reopened ? focusHeading : undefined}>
              {t('firstRun.title')}
            </Title>
          </Group>
          <CloseButton aria-label={t('firstRun.close')} onClick={dismiss} disabled={guide.pending} />
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
                  {/* Inside a sentence a link is told from its text by more than its colour. */}
                  <Anchor component={Link} to={to} underline="always">
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
          <Button onClick={dismiss} loading={guide.pending}>
            {t('firstRun.gotIt')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
