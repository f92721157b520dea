import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';

/** Long enough to read and copy the link by hand when the browser refuses the clipboard. */
const FALLBACK_SNACKBAR_MS = 15_000;

/** The absolute address of an account's /valueMatch page, as a colleague would open it. */
function valueMatchUrl(masterAccountId: string): string {
  return new URL(`/valueMatch/${encodeURIComponent(masterAccountId)}`, window.location.origin).href;
}

/**
 * "Copy the link to …": copies the link to the account's /valueMatch page, and is named so for a
 * screen reader as its tooltip says it (it had been "Share …" under "Copy link"). Where the
 * browser has no clipboard or refuses it (no permission, not a secure page), the link is shown to
 * copy by hand.
 */
export function ShareButton({ masterAccountId, accountName }: { masterAccountId: string; accountName: string }) {
  const { t } = useTranslation();

  async function share() {
    const url = valueMatchUrl(masterAccountId);
    let copied = true;
    try {
      await navigator.clipboard.writeText(url);
      showSnackbar(t('valueMatch.linkCopied'));
    } catch {
      copied = false;
      showSnackbar(t('valueMatch.copyRefused', { url }), FALLBACK_SNACKBAR_MS);
    }
    track('Value Match shared', { master_account_id: masterAccountId, copied });
  }

  return (
    <Tooltip label={t('valueMatch.copyLink')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('valueMatch.share', { name: accountName })}
        data-testid="value-match-share"
        onClick={() => void share()}
      >
        <IconLink size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
