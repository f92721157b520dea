import { Button, Group } from '@mantine/core';
import type { FlowType } from '@quarry/shared';
import { IconListNumbers, IconMailBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showRouteSnackbar } from '../../../lib/snackbar-store.ts';
import { useCreateFlow } from '../api/create-flow.ts';

/**
 * "Create value message" and "Quick Prospect" for the ticked contacts of one account: the flow
 * starts, and a snackbar offers to visit it.
 */
export function StartFlowButtons({
  masterAccountId,
  contactIds,
  disabled,
  onStarted,
  size = 'xs',
}: {
  masterAccountId: string;
  contactIds: string[];
  disabled?: boolean;
  onStarted?: () => void;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const create = useCreateFlow();
  const off = disabled || contactIds.length === 0;

  function start(type: FlowType) {
    create.mutate(
      {
        type,
        initiated_from: location.pathname,
        accounts: [{ master_account_id: masterAccountId, contact_ids: contactIds }],
      },
      {
        onSuccess: (flow) => {
          onStarted?.();
          showRouteSnackbar(
            t('flows.start.started', { type: t(`flows.type.${flow.type}`) }),
            `/action/${encodeURIComponent(flow.id)}`,
          );
        },
      },
    );
  }

  const pending = create.isPending ? create.variables?.type : undefined;
  return (
    <Group gap="xs" justify="flex-end">
      <Button
        size={size}
        leftSection={<IconMailBolt size={16} />}
        disabled={off || create.isPending}
        loading={pending === 'create_value_message'}
        onClick={() => start('create_value_message')}
      >
        {t('flows.start.createValueMessage')}
      </Button>
      <Button
        size={size}
        variant="light"
        leftSection={<IconListNumbers size={16} />}
        disabled={off || create.isPending}
        loading={pending === 'value_message_sequence'}
        onClick={() => start('value_message_sequence')}
      >
        {t('flows.type.value_message_sequence')}
      </Button>
    </Group>
  );
}
