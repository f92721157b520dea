import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Language, ValueMatchEvidence } from '@quarry/shared';
import { type FocusEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { isKeptFocus } from '../../../lib/kept-focus.ts';
import { reportedByMutationCache } from '../../../lib/query-client.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useMarkNotRelevant } from '../api/mark-not-relevant.ts';
import { HighlightedText } from './highlighted-text.tsx';

/**
 * One signal: headline and excerpt with the matched words marked, its date, and its source
 * credited. "…" marks only where the excerpt cuts a sentence.
 */
export function EvidenceItem({
  evidence,
  language,
  masterAccountId,
}: {
  evidence: ValueMatchEvidence;
  language: Language;
  /** Given for the evidence of a match: the signal can then be marked "not relevant" (and unmarked). */
  masterAccountId?: string;
}) {
  const { t } = useTranslation();
  const headline = <HighlightedText text={evidence.title} highlights={evidence.title_highlights} />;
  return (
    <Stack gap={4} data-testid="evidence" data-hit-id={evidence.hit_id}>
      <Text fw={600}>
        {evidence.url ? (
          <Anchor href={evidence.url} target="_blank" rel="noopener noreferrer" inherit>
            {headline}
          </Anchor>
        ) : (
          headline
        )}
      </Text>
      <Group gap="xs">
        <Badge size="xs" variant="light" color={evidence.type === 'news_article' ? 'blue' : 'teal'}>
          {evidence.type === 'news_article' ? t('accounts.news') : t('accounts.jobPosting')}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDate(evidence.published_at, language)} · {t('accounts.source', { source: evidence.source })}
        </Text>
        {masterAccountId && <NotRelevantToggle masterAccountId={masterAccountId} evidence={evidence} />}
      </Group>
      {evidence.excerpt && (
        <Text size="sm">
          {evidence.excerpt_cut_before && '…'}
          <HighlightedText text={evidence.excerpt} highlights={evidence.excerpt_highlights} />
          {evidence.excerpt_cut_after && '…'}
        </Text>
      )}
    </Stack>
  );
}

/** Long enough to read the confirmation and take it back (the usual 4 s is for a message alone). */
const UNDO_SNACK_MS = 10_000;

/**
 * The signal whose mark (or undo) was just asked for, and the state it waits for. The button
 * pressed is replaced by the one that takes it back, and again when the match computed anew moves
 * the signal to another part of the page: each time, the new button gets the focus, unless the
 * reader has moved it elsewhere. It waits no longer than a computation takes.
 */
let focusWhen: { hitId: string; notRelevant: boolean; until: number } | null = null;
const FOCUS_FOLLOWS_MS = 30_000;

/**
 * "Not relevant" on a match's signal, and once marked, the mark with its undo. A mark moves the
 * account for the whole team, so only managers and admins make or undo one; a rep sees the mark.
 */
function NotRelevantToggle({ masterAccountId, evidence }: { masterAccountId: string; evidence: ValueMatchEvidence }) {
  const { t } = useTranslation();
  const mark = useMarkNotRelevant(masterAccountId);
  const canMark = useAuthStore((s) => Boolean(s.user?.is_admin || s.user?.is_manager));
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusWhen?.hitId !== evidence.hit_id || focusWhen.notRelevant !== evidence.not_relevant) return;
    if (Date.now() > focusWhen.until) {
      focusWhen = null;
      return;
    }
    // Where the focus fell when the pressed button went: the document, or the control the app's
    // focus keeper chose meanwhile (the contacts' Select all, below), not one the reader chose.
    const active = document.activeElement;
    if (!active || active === document.body || isKeptFocus(active)) button.current?.focus();
  }, [evidence.hit_id, evidence.not_relevant]);
  /** The reader took the focus elsewhere (a removed button has nowhere it went): it stays there. */
  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget && focusWhen?.hitId === evidence.hit_id) focusWhen = null;
  };
  const set = (notRelevant: boolean): Promise<void> => {
    focusWhen = { hitId: evidence.hit_id, notRelevant, until: Date.now() + FOCUS_FOLLOWS_MS };
    // The refetch can take the account's card off the feed, and this toggle with it: a promise still announces.
    return mark.mutateAsync({ hitId: evidence.hit_id, notRelevant }).then(
      () =>
        notRelevant
          ? // The recompute can move the marked signal out of sight: the message carries its undo.
            showSnackbar(t('valueMatch.markedNotRelevant'), UNDO_SNACK_MS, {
              label: t('valueMatch.undo'),
              run: () => void set(false),
            })
          : showSnackbar(t('valueMatch.unmarkedNotRelevant')),
      reportedByMutationCache,
    );
  };
  if (evidence.not_relevant) {
    return (
      <Group gap={4} data-testid="not-relevant-mark">
        <Badge size="xs" color="gray" variant="outline">
          {t('valueMatch.notRelevantBadge')}
        </Badge>
        {canMark && (
          <Button
            ref={button}
            onBlur={onBlur}
            size="compact-xs"
            variant="subtle"
            loading={mark.isPending}
            onClick={() => set(false)}
            aria-label={t('valueMatch.undoNotRelevantFor', { title: evidence.title })}
          >
            {t('valueMatch.undo')}
          </Button>
        )}
      </Group>
    );
  }
  if (!canMark) return null;
  return (
    <Button
      ref={button}
      onBlur={onBlur}
      size="compact-xs"
      // Outlined: plain text in the date line read as a label saying the signal is not relevant.
      variant="default"
      loading={mark.isPending}
      onClick={() => set(true)}
      aria-label={t('valueMatch.markNotRelevantFor', { title: evidence.title })}
      data-testid="mark-not-relevant"
    >
      {t('valueMatch.notRelevant')}
    </Button>
  );
}
