import type { SignalSource } from '@quarry/shared';

/**
 * A source's status as a reader takes it: an active source whose last read failed shows as
 * failing (it said "Active" beside "Last success: Never" and a red error). The server keeps it
 * active, and read hourly, until it has failed several times in a row.
 */
export const shownStatus = (source: Pick<SignalSource, 'status' | 'last_error'>): SignalSource['status'] =>
  source.status === 'active' && source.last_error ? 'failing' : source.status;
