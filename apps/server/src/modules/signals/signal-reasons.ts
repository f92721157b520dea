import { type SignalReason, type SignalReasonCode, signalReasonSchema } from '@quarry/shared';
import { FetchError } from '../../adapters/signals/fetcher.ts';
import { ParseError } from '../../adapters/signals/parse.ts';

/** A failure shown to an admin: the English text, and the same as a code the web translates. */
export type Why = { text: string; reason: SignalReason };

export const why = (text: string, code: SignalReasonCode, params: SignalReason['params'] = {}): Why => ({
  text,
  reason: { code, params },
});

/** The code of a failure while reading a source; anything unforeseen is `failed`, with its words. */
export function signalReasonOf(error: unknown): SignalReason {
  if (error instanceof FetchError || error instanceof ParseError) return error.reason;
  return { code: 'failed', params: { detail: String((error as Error)?.message ?? error).slice(0, 200) } };
}

/** A stored reason (JSON), or null for none or one this version cannot read (the English text stays). */
export function storedReason(json: string | null): SignalReason | null {
  if (!json) return null;
  try {
    const parsed = signalReasonSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
