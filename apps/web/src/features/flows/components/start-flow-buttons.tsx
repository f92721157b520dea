import { Anchor, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FlowSummary, FlowType } from '@quarry/shared';
import { IconListNumbers, IconMailBolt } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showRouteSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useCreateFlow } from '../api/create-flow.ts';
import { getFlows } from '../api/get-flows.ts';

/**
 * The reader's flows not yet sent that write to one of these contacts, newest first; none when
 * that cannot be told (the flow then starts as asked: the check must not stand in its way).
 */
async function openFlowsWritingTo(contactIds: string[]): Promise<FlowSummary[]> {
  try {
    const { flows } = await getFlows({ status: null, type: null, includeOlder: false, contactIds });
    return flows.filter((f) => f.status !== 'flow_completed' && f.status !== 'flow_failed');
  } catch {
    return [];
  }
}

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
  const language = useUiLanguage();
  const [checking, setChecking] = useState<FlowType | null>(null);
  const off = disabled || contactIds.length === 0 || checking !== null;
  const buttons = useRef<Partial<Record<FlowType, HTMLButtonElement | null>>>({});

  async function start(type: FlowType) {
    setChecking(type);
    const open = await openFlowsWritingTo(contactIds);
    // Enabled and focused again before the question opens, so that it gives the focus back to the
    // button: disabled while the check ran, it had lost the focus to the page, and "Start another"
    // left a keyboard user nowhere.
    flushSync(() => setChecking(null));
    buttons.current[type]?.focus();
    const latest = open[0];
    if (latest) {
      // Started twice by a tap that seemed to do nothing, the same people got the same letters
      // three times over: asked first, naming the flow already writing to them.
      const ok = await confirm({
        title: t('flows.start.alreadyTitle'),
        // The flow named is a link: the rep can look at what it already wrote before starting another.
        message: (
          <Trans
            i18nKey="flows.start.alreadyMessage"
            count={open.length}
            values={{
              flow: `${t(`flows.type.${latest.type}`)} · ${latest.account_names.join(', ')}`,
              date: formatDate(latest.created, language, 'sentence'),
            }}
            components={{
              flowLink: (
                <Anchor
                  component={Link}
                  to={`/action/${encodeURIComponent(latest.id)}`}
                  // Leaving for the flow answers the question: nothing new is started.
                  onClick={() => modals.closeAll()}
                />
              ),
            }}
          />
        ),
        proceedLabel: t('flows.start.alreadyProceed'),
      });
      if (!ok) return;
    }
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

  const pending = checking ?? (create.isPending ? create.variables?.type : undefined);
  return (
    <Group gap="xs" justify="flex-end">
      <Button
        size={size}
        leftSection={<IconMailBolt size={16} />}
        disabled={off || create.isPending}
        loading={pending === 'create_value_message'}
        ref={(el) => {
          buttons.current.create_value_message = el;
        }}
        onClick={() => void start('create_value_message')}
      >
        {t('flows.start.createValueMessage')}
      </Button>
      <Button
        size={size}
        variant="light"
        leftSection={<IconListNumbers size={16} />}
        disabled={off || create.isPending}
        loading={pending === 'value_message_sequence'}
        ref={(el) => {
          buttons.current.value_message_sequence = el;
        }}
        onClick={() => void start('value_message_sequence')}
      >
        {t('flows.type.value_message_sequence')}
      </Button>
    </Group>
  );
}
