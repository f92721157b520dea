import type { SignalSource } from '@quarry/shared';

/** A source's status as the Signal sources table shows it. */
export type ShownStatus = SignalSource['status'] | 'retrying';

/**
 * A source's status as a reader takes it: an active source whose last read failed shows as
 * retrying, never "Active" beside its red error nor "Failing" after one failure. The server marks
 * it failing once it has failed SIGNAL_SOURCE_FAILING_AFTER times in a row.
 */
export const shownStatus = (source: Pick<SignalSource, 'status' | 'last_error'>): ShownStatus =>
  source.status === 'active' && source.last_error ? 'retrying' : source.status;
