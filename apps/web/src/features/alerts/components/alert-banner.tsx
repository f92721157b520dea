import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import type { GlobalAlert } from '@quarry/shared';
import { ALERT_BAR_HEIGHT } from '@quarry/shared/constants';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics.ts';
import { useAlerts } from '../api/get-alerts.ts';
import { dismissedThisSession, dismissForSession, hiddenForGood, hideForGood } from '../utils/hidden-alerts.ts';
import { sanitizeAlertHtml } from '../utils/sanitize-alert-html.ts';
import classes from './alert-banner.module.css';

const colors: Record<string, string> = { info: 'blue', warning: 'yellow', error: 'red', success: 'green' };
const icons = { info: IconInfoCircle, warning: IconAlertTriangle, error: IconAlertTriangle, success: IconCircleCheck };

function AlertBar({ alert, onHide }: { alert: GlobalAlert; onHide: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const color = colors[alert.color] ?? alert.color;
  const Icon = icons[(alert.icon ?? alert.color) as keyof typeof icons] ?? IconInfoCircle;
  const runAction = () => {
    if (!alert.action) return;
    track('Source Notification Clicked', { alert_id: alert.id, action: alert.action });
    if (alert.action.startsWith('/')) navigate(alert.action);
    else if (/^https?:\/\//i.test(alert.action)) window.open(alert.action, '_blank', 'noopener,noreferrer');
  };
  const dismiss = () => {
    dismissForSession(alert.id);
    onHide();
  };
  const tone = (shade: number) => `var(--mantine-color-${color}-${shade})`;
  return (
    <Box
      role="status"
      aria-label={alert.title}
      data-testid="alert-banner"
      className={classes.bar}
      mih={ALERT_BAR_HEIGHT}
      __vars={{
        '--alert-tone-1': tone(1),
        '--alert-tone-3': tone(3),
        '--alert-tone-5': tone(5),
        '--alert-tone-9': tone(9),
      }}
    >
      <Icon size={18} aria-hidden className={classes.icon} />
      <div className={classes.text}>
        <Text fw={600} size="sm" className={classes.title}>
          {alert.title}
        </Text>
        <Text
          size="sm"
          className={classes.message}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: alert HTML is sanitised with DOMPurify right here
          dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(alert.message) }}
        />
      </div>
      {/* On a phone Dismiss is the bar's close button, beside its text: as a worded button it took a
          row of its own. */}
      {alert.dismissible && (
        <ActionIcon
          hiddenFrom="sm"
          variant="subtle"
          size="lg"
          className={classes.hide}
          aria-label={t('alerts.dismiss')}
          onClick={dismiss}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      )}
      <Group
        gap={4}
        wrap="nowrap"
        className={classes.actions}
        data-phone-empty={!(alert.actionText && alert.action) && !alert.allowDontShowAgain ? true : undefined}
      >
        {alert.actionText && alert.action && (
          <Button size="compact-sm" variant="filled" color={color} autoContrast onClick={runAction}>
            {alert.actionText}
          </Button>
        )}
        {alert.allowDontShowAgain && (
          <Button
            size="compact-sm"
            variant="subtle"
            className={classes.hide}
            onClick={() => {
              hideForGood(alert.id);
              onHide();
            }}
          >
            {t('alerts.dontShowAgain')}
          </Button>
        )}
        {alert.dismissible && (
          <Button
            visibleFrom="sm"
            size="compact-sm"
            variant="subtle"
            className={classes.hide}
            leftSection={<IconX size={14} aria-hidden />}
            onClick={dismiss}
          >
            {t('alerts.dismiss')}
          </Button>
        )}
      </Group>
    </Box>
  );
}

/** The global alert banner: every active alert not dismissed this session nor hidden for good. */
export function AlertBanner() {
  const { data } = useAlerts();
  const [, setVersion] = useState(0);
  if (!data?.length) return null;
  const hidden = new Set([...hiddenForGood(), ...dismissedThisSession()]);
  const visible = data.filter((a) => !hidden.has(a.id));
  return (
    <>
      {visible.map((alert) => (
        <AlertBar
          key={alert.id}
          alert={alert}
          onHide={() => {
            setVersion((v) => v + 1);
            // The button pressed goes with its banner: focus moves on to the page, not to nowhere.
            document.querySelector<HTMLElement>('main')?.focus();
          }}
        />
      ))}
    </>
  );
}
