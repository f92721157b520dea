import { Button, Group, Text } from '@mantine/core';
import type { FlowSummary } from '@quarry/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useRetryFlow } from '../api/retry-flow.ts';

/** "Retry": writes the whole flow again once the user has agreed that their edits are overwritten (spec section 4). */
export function RetryFlowButton({
  flow,
  size = 'sm',
  disabled,
}: {
  flow: Pick<FlowSummary, 'id' | 'status' | 'delivered_count'>;
  size?: 'xs' | 'sm';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const retry = useRetryFlow();

  async function run() {
    const ok = await confirm({
      title: t('flows.retry.title'),
      message: t('flows.retry.message'),
      proceedLabel: t('flows.retry.proceed'),
      danger: true,
    });
    if (!ok) return;
    retry.mutate(flow.id, {
      onSuccess: () => showSnackbar(t('flows.retry.started')),
    });
  }

  // Once a message went out, writing the flow again would erase that record (the server refuses too).
  const sent = flow.delivered_count > 0;
  const button = (
    <Button
      size={size}
      variant="light"
      // Its word kept whole beside the reason on a narrow screen (squeezed, only the icon showed).
      style={{ flexShrink: 0 }}
      leftSection={<IconRefresh size={14} />}
      loading={retry.isPending}
      disabled={disabled || sent || flow.status === 'flow_in_progress'}
      onClick={(e) => {
        // Inside a table row that opens the flow: the click is this button's alone.
        e.stopPropagation();
        void run();
      }}
    >
      {t('flows.retry.button')}
    </Button>
  );
  if (!sent) return button;
  // Disabled, with the reason in sight (a tooltip on a disabled button reaches no keyboard user).
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="retry-unavailable">
      {button}
      <Text size="xs" c="dimmed" maw="27em">
        {t('apiErrors.reasons.flow_delivered')}
      </Text>
    </Group>
  );
}
