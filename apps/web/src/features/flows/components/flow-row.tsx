import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { type FlowSummary, isFlowOpenable } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { accountNamesText } from '../utils/account-names-text.ts';
import { flowClosedReason } from '../utils/flow-closed-reason.ts';
import { destinationStatusText, flowProgressText } from '../utils/flow-progress-text.ts';
import { DeleteFlowButton } from './delete-flow-button.tsx';
import { FlowStatusBadge } from './flow-status-badge.tsx';
import { FlowTypeLabel } from './flow-type-label.tsx';
import { RetryFlowButton } from './retry-flow-button.tsx';

/**
 * One flow on /actions. It opens only when ready for review, needing review or completed; any
 * other row says why not (still writing, or the failure with Retry). `compact` (a phone) folds the
 * accounts, destination, author and date into the other cells, so the table fits without scrolling sideways.
 */
export function FlowRow({ flow, compact = false }: { flow: FlowSummary; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const openable = isFlowOpenable(flow.status);
  const reason = flowClosedReason(flow, t);
  const to = `/action/${encodeURIComponent(flow.id)}`;
  const accounts = accountNamesText(flow.account_names, flow.account_count, t);
  const via = flow.initiated_via_support && <ViaSupportBadge name={flow.initiated_by.display_name} />;
  const destination = flow.destination_type ? (
    <Stack gap={0}>
      <Text size="sm">{t(`flows.destinationType.${flow.destination_type}`)}</Text>
      {flow.destination_status && (
        <Text
          size="xs"
          c={flow.destination_status === 'destination_failed' ? 'red' : 'dimmed'}
          data-testid="flow-destination-status"
        >
          {/* A send of some messages only (the others not approved yet) is no full delivery. */}
          {destinationStatusText(flow, t)}
        </Text>
      )}
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      {t('flows.list.notSent')}
    </Text>
  );
  // Many accounts are cut at two lines (the rest is on the flow's page); one account's name is
  // never cut: "Goodyear Tire &…" in a phone's narrow column could not be read anywhere.
  const clamp = flow.account_count > 1 ? 2 : undefined;
  return (
    <Table.Tr
      data-testid="flow-row"
      data-flow-id={flow.id}
      data-openable={openable}
      onClick={openable ? () => navigate(to) : undefined}
      style={openable ? { cursor: 'pointer' } : undefined}
    >
      <Table.Td>
        {openable ? (
          <Anchor component={Link} to={to} onClick={(e) => e.stopPropagation()}>
            <FlowTypeLabel type={flow.type} />
          </Anchor>
        ) : (
          <FlowTypeLabel type={flow.type} />
        )}
        {compact && (
          <>
            <Text size="sm" lineClamp={clamp}>
              {accounts}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {flow.initiated_by.display_name} · {formatDateTime(flow.created, language)}
              </Text>
              {via}
            </Group>
          </>
        )}
      </Table.Td>
      {!compact && (
        <Table.Td>
          <Text size="sm" lineClamp={clamp}>
            {accounts}
          </Text>
        </Table.Td>
      )}
      {/* Wide enough on a phone for a status of three words on one line ("Ready for review"). */}
      <Table.Td miw={compact ? '9rem' : undefined}>
        <Stack gap={4} align="flex-start">
          <FlowStatusBadge status={flow.status} />
          <Text size="xs" c="dimmed" data-testid="flow-progress">
            {flowProgressText(flow, t)}
          </Text>
          {reason && (
            <Text size="xs" c={flow.status === 'flow_failed' ? 'red' : 'dimmed'} data-testid="flow-closed-reason">
              {reason}
            </Text>
          )}
          {flow.status === 'flow_failed' && <RetryFlowButton flow={flow} size="xs" />}
          {compact && destination}
        </Stack>
      </Table.Td>
      {!compact && (
        <>
          <Table.Td>{destination}</Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{flow.initiated_by.display_name}</Text>
              {via}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDateTime(flow.created, language)}</Text>
          </Table.Td>
        </>
      )}
      <Table.Td>
        <DeleteFlowButton flow={flow} label={`${t(`flows.type.${flow.type}`)}: ${accounts}`} />
      </Table.Td>
    </Table.Tr>
  );
}
