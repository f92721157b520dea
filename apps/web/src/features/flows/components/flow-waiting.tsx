import { Card, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { FlowSummary } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { flowClosedReason } from '../utils/flow-closed-reason.ts';
import { flowProgressText } from '../utils/flow-progress-text.ts';
import { isFlowBusy } from '../utils/is-flow-busy.ts';
import { RetryFlowButton } from './retry-flow-button.tsx';

/** A flow that cannot be opened yet: how far its writing got and why it cannot be opened (the page polls meanwhile). */
export function FlowWaiting({ flow }: { flow: FlowSummary }) {
  const { t } = useTranslation();
  const busy = isFlowBusy(flow);
  const share = flow.message_count > 0 ? (flow.generated_count / flow.message_count) * 100 : 0;
  return (
    <Card withBorder padding="lg" data-testid="flow-waiting">
      <Stack gap="sm">
        <Group gap="xs">
          {busy && <Loader size="xs" />}
          <Text fw={600} c={flow.status === 'flow_failed' ? 'red' : undefined}>
            {flowClosedReason(flow, t)}
          </Text>
        </Group>
        <Progress value={share} animated={busy} aria-label={flowProgressText(flow, t)} />
        <Text size="sm" c="dimmed">
          {flowProgressText(flow, t)}
        </Text>
        <Text size="sm" c="dimmed">
          {busy ? t('flows.page.waitingHelp') : t('flows.page.failedHelp')}
        </Text>
        {flow.status === 'flow_failed' && (
          <div>
            <RetryFlowButton flow={flow} />
          </div>
        )}
      </Stack>
    </Card>
  );
}
