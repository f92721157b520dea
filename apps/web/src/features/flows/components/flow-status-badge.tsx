import { Badge } from '@mantine/core';
import type { FlowStatus } from '@quarry/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<FlowStatus, string> = {
  flow_not_started: 'gray',
  flow_in_progress: 'blue',
  flow_needs_review: 'orange',
  flow_ready_for_review: 'teal',
  flow_failed: 'red',
  flow_completed: 'green',
};

/** The flow's status in the reader's language. */
export function FlowStatusBadge({ status }: { status: FlowStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      data-testid="flow-status"
      // A narrow column (a phone's /actions) wraps the status instead of cutting it to "NEEDS…".
      maw="100%"
      h="auto"
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(`flows.status.${status}`)}
    </Badge>
  );
}
