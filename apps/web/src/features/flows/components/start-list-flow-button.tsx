import { Button } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showRouteSnackbar } from '../../../lib/snackbar-store.ts';
import { useCreateFlow } from '../api/create-flow.ts';

/** A ticked contact of a list, with the account it belongs to. */
export type ListContact = { id: string; master_account_id: string };

/**
 * "Quick Prospect" for the ticked contacts of a contact list, which may belong to several
 * accounts: one flow, each account with its own contacts; a snackbar offers to visit it.
 */
export function StartListFlowButton({ contacts, onStarted }: { contacts: ListContact[]; onStarted?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const create = useCreateFlow();

  function start() {
    const byAccount = new Map<string, string[]>();
    for (const c of contacts) byAccount.set(c.master_account_id, [...(byAccount.get(c.master_account_id) ?? []), c.id]);
    create.mutate(
      {
        type: 'value_message_sequence',
        initiated_from: location.pathname,
        accounts: [...byAccount].map(([master_account_id, contact_ids]) => ({ master_account_id, contact_ids })),
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

  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconListNumbers size={16} />}
      disabled={contacts.length === 0 || create.isPending}
      loading={create.isPending}
      onClick={start}
    >
      {t('flows.type.value_message_sequence')}
    </Button>
  );
}
