import { Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { valueMatchStatusQueryOptions } from '../api/get-value-matches.ts';

/** How often a page that changes the matches asks whether the recompute it queued has run. */
const WATCH_MS = 5_000;
/** One line of small text, the loader beside it included. */
const LINE_HEIGHT = 22;

/**
 * "Recomputing matches…" or "Last computed …" for a page whose changes queue a recompute (the
 * value preferences): it keeps asking while open, and calls `onComputed` each time a new
 * computation is done, so that what the page shows of the matches follows.
 */
export function RecomputeStatus({ onComputed, every = WATCH_MS }: { onComputed?: () => void; every?: number }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const status = useQuery({ ...valueMatchStatusQueryOptions(useQueryClient()), refetchInterval: every });
  const computedAt = status.data?.last_computed_at ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (status.data === undefined) return;
    if (seen.current !== undefined && seen.current !== computedAt) onComputed?.();
    seen.current = computedAt;
  }, [status.data, computedAt, onComputed]);
  const s = status.data;
  // Its line is held while the first answer comes, so the page below does not jump when it does.
  if (!s) return <Group mih={LINE_HEIGHT} />;
  return (
    <Group gap="xs" mih={LINE_HEIGHT} data-testid="recompute-status">
      {s.running && <Loader size="xs" />}
      <Text size="sm" c="dimmed" aria-live="polite">
        {s.running
          ? t('valueMatch.recomputing')
          : s.last_computed_at
            ? t('valueMatch.lastComputed', { when: formatDateTime(s.last_computed_at, language) })
            : t('valueMatch.neverComputed')}
      </Text>
    </Group>
  );
}
