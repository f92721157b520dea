import { Button, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FLOW_CONTACTS_PER_ACCOUNT_DEFAULT } from '@quarry/shared';
import { IconTargetArrow } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { showRouteSnackbar, showSnackbar } from '../../../lib/snackbar-store.ts';
import { useCreateFlow } from '../api/create-flow.ts';

/**
 * "Start a Value Match campaign" over the given accounts: after a confirmation, the server picks
 * each account's best contacts by the target titles and writes to them. `loadRest`, when there may
 * be more accounts than those given (the feed has not loaded them all yet), loads them first and
 * gives them all: the button says "20+", and the confirmation the full count.
 */
/** How long the message of a campaign started for only some accounts stays. */
const PARTLY_STARTED_MS = 10_000;

export function StartCampaignButton({
  masterAccountIds,
  loadRest,
}: {
  masterAccountIds: string[];
  loadRest?: () => Promise<string[]>;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const create = useCreateFlow();
  const [loading, setLoading] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  // On a phone the full name took three lines in French beside the navigation: the feed's heading
  // already says it is the Value Match feed, so the button says "Start campaign (20+)".
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  async function start() {
    let ids = masterAccountIds;
    if (loadRest) {
      setLoading(true);
      let failed = false;
      try {
        ids = await loadRest();
      } catch {
        failed = true;
      }
      // Enabled and focused again before the dialog opens, so that the dialog gives the focus back
      // to it: disabled while the rest loaded, it had lost the focus to the page body, and a
      // keyboard user was back at the top of the page.
      flushSync(() => setLoading(false));
      ref.current?.focus();
      if (failed) {
        // Nothing is started on part of the accounts: the user tries again.
        showSnackbar(t('flows.start.campaignLoadFailed'));
        return;
      }
    }
    const count = ids.length;
    if (count === 0) return;
    const ok = await confirm({
      title: t('flows.start.campaignTitle'),
      message: t('flows.start.campaignMessage', { count, contacts: FLOW_CONTACTS_PER_ACCOUNT_DEFAULT }),
      proceedLabel: t('flows.start.campaignProceed'),
    });
    if (!ok) return;
    create.mutate(
      {
        type: 'syft_value_match_campaign',
        initiated_from: location.pathname,
        accounts: ids.map((id) => ({ master_account_id: id })),
        contacts_per_account: FLOW_CONTACTS_PER_ACCOUNT_DEFAULT,
      },
      {
        onSuccess: (flow) =>
          showRouteSnackbar(
            // Accounts where nobody holds a target title are left out: said, not silently dropped.
            flow.account_count < count
              ? t('flows.start.startedSome', {
                  type: t(`flows.type.${flow.type}`),
                  started: flow.account_count,
                  count,
                })
              : t('flows.start.started', { type: t(`flows.type.${flow.type}`) }),
            `/action/${encodeURIComponent(flow.id)}`,
            // Accounts left out are news the reader needs: the message stays long enough to read
            // and act on (a walk missed it in the usual 4 s).
            flow.account_count < count ? PARTLY_STARTED_MS : undefined,
          ),
      },
    );
  }

  const count = masterAccountIds.length;
  const button = (
    <Button
      ref={ref}
      variant="light"
      leftSection={<IconTargetArrow size={16} />}
      disabled={count === 0}
      loading={loading || create.isPending}
      onClick={() => void start()}
      // A long translation wraps inside the button instead of pushing a phone's page sideways.
      maw="100%"
      h="auto"
      mih={36}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 6 } }}
    >
      {t(
        phone
          ? loadRest
            ? 'flows.start.campaignShortMore'
            : 'flows.start.campaignShort'
          : loadRest
            ? 'flows.start.campaignMore'
            : 'flows.start.campaign',
        { count },
      )}
    </Button>
  );
  return count === 0 ? (
    <Tooltip label={t('flows.start.campaignNone')} multiline maw={260}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
