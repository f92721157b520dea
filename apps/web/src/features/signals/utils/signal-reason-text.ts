import { byteSizeText, type SignalReason } from '@quarry/shared';
import { i18n } from '../../../lib/i18n.ts';

/**
 * What a reader is shown for a source's failure or a discovery's outcome: the server's own words
 * for an English reader (they are the same as ever), the translation of its code with its
 * parameters for anyone else. A failure saved before codes existed has none: its words are shown.
 */
export function signalReasonText(reason: SignalReason | null | undefined, english: string): string {
  if (!reason || !i18n.language || i18n.language === 'en') return english;
  const key = `signals.reasons.${reason.code}`;
  if (!i18n.exists(key)) return english;
  const { cause, ...params } = reason.params;
  // A size limit is said in megabytes or kilobytes, as a person reads it (the server keeps bytes).
  if (typeof params.limit === 'number') params.limit = byteSizeText(params.limit);
  // A home page that could not be read says why, in the same words as a source's failure.
  const causeKey = `signals.reasons.${cause}`;
  const causeText =
    typeof cause === 'string' && /^[a-z_]+$/.test(cause) && i18n.exists(causeKey) ? i18n.t(causeKey, params) : '';
  return i18n.t(key, { ...params, cause: causeText });
}

/** Why discovery found nothing for an account, in the reader's language (see signalReasonText). */
export function discoveryReasonText(result: { reason: string | null; reasons: SignalReason[] }): string {
  if (!result.reason) return '—';
  const texts = result.reasons.map((r) => signalReasonText(r, ''));
  return texts.length > 0 && texts.every(Boolean) ? texts.join('. ') : result.reason;
}
