import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { type FocusEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Snack, useSnackbarStore } from '../../lib/snackbar-store.ts';

/** A long message wraps within the screen; its buttons keep their full width. */
const SNACK_MAX_WIDTH = 'min(100%, 40rem)';

/**
 * Closes a message after its time, counted while nobody is on it: pointed at or holding the
 * keyboard's focus, it waits (its Visit had gone before a keyboard reached it), and it gets its
 * whole time again once left.
 */
function useAutoClose(snack: Snack | null, close: () => void) {
  // Which message is held: a message that replaces it, or the next one, starts its time.
  const [heldId, setHeldId] = useState<Snack['id'] | null>(null);
  const held = snack !== null && heldId === snack.id;
  const { start, clear } = useTimeout(close, snack?.duration ?? 0);
  // Restart the timer for each new message, and when it is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the message id on purpose
  useEffect(() => {
    if (!snack || held) return;
    start();
    return clear;
  }, [snack?.id, held]);
  const hold = (on: boolean) => () => setHeldId(on && snack ? snack.id : null);
  return {
    onMouseEnter: hold(true),
    onMouseLeave: hold(false),
    onFocus: hold(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeldId(null);
    },
  };
}

// While a message shows, dialogs open below it (dialogs-below-snackbars.tsx): loaded only then,
// so the sign-in page's JavaScript does not carry it.
// A chunk that cannot load (a deploy replaced it, the network dropped) leaves the offset out: the
// page goes on, the message may cover a dialog's top.
const DialogsBelowSnackbars = lazy(() =>
  import('./dialogs-below-snackbars.tsx').catch(() => ({ default: () => null })),
);

/**
 * A message takes the line's room and keeps at least about three words a line: where that and the
 * buttons do not fit side by side (a phone), the buttons go under it, rather than squeezing it to a
 * word a line and breaking words ("déclench/eurs"). A word wider than the line still breaks.
 */
const MESSAGE = { flex: '1 1 12em', overflowWrap: 'break-word' } as const;

/** The shell's two top snackbars, at the top of the page: a general message with Close, and a route message with Visit. */
export function TopSnackbars() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { general, route, closeGeneral, closeRoute } = useSnackbarStore();
  const holdGeneral = useAutoClose(general, closeGeneral);
  const holdRoute = useAutoClose(route, closeRoute);
  if (!general && !route) return null;
  return (
    <div
      data-snackbars
      // In the page's flow at its top, not over it: a snack pushes the page header down instead
      // of hiding its controls (an account's name, Favourite). Scrolled down, it stays in view.
      style={{
        position: 'sticky',
        top: 12,
        zIndex: 400,
        display: 'grid',
        justifyItems: 'center',
        gap: 8,
        marginBottom: 'var(--mantine-spacing-md)',
      }}
    >
      {general && (
        <Paper
          shadow="md"
          radius="md"
          px="md"
          py={8}
          withBorder
          role="status"
          data-testid="snackbar-general"
          maw={SNACK_MAX_WIDTH}
          {...holdGeneral}
        >
          <Group gap="md" wrap="wrap" justify="flex-end" style={{ rowGap: 4 }}>
            <Text size="sm" miw={0} style={MESSAGE}>
              {general.message}
            </Text>
            <Group gap="md" wrap="nowrap">
              {general.action && (
                <Button
                  size="compact-sm"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  onClick={() => {
                    closeGeneral();
                    general.action?.run();
                  }}
                >
                  {general.action.label}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" onClick={closeGeneral} style={{ flexShrink: 0 }}>
                {t('common.close')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {route && (
        <Paper
          shadow="md"
          radius="md"
          px="md"
          py={8}
          withBorder
          role="status"
          data-testid="snackbar-route"
          maw={SNACK_MAX_WIDTH}
          {...holdRoute}
        >
          <Group gap="xs" wrap="wrap" justify="flex-end" style={{ rowGap: 4 }}>
            <Text size="sm" miw={0} style={MESSAGE}>
              {route.message}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                style={{ flexShrink: 0 }}
                variant="light"
                onClick={() => {
                  closeRoute();
                  navigate(route.route);
                }}
              >
                {t('common.visit')}
              </Button>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={closeRoute}
                aria-label={t('common.close')}
                style={{ flexShrink: 0 }}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      )}
      <Suspense fallback={null}>
        <DialogsBelowSnackbars shown={`${general?.id}/${route?.id}`} />
      </Suspense>
    </div>
  );
}
