import type { CredentialStatus } from '@quarry/shared';

export type PollOutcome = 'VALID' | 'INVALID' | 'timed_out';

/**
 * Spec section 9: while an OAuth consent window is open, asks for the connection every
 * `intervalMs` until it is no longer PENDING, for at most `maxMs`; then reports once. Answers a
 * stop function (unmount, a new attempt). A failed ask counts as still pending.
 */
export function pollConnection(options: {
  status: () => Promise<CredentialStatus | null>;
  onDone: (outcome: PollOutcome) => void;
  intervalMs: number;
  maxMs: number;
}): () => void {
  const { status, onDone, intervalMs, maxMs } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedAt = Date.now();
  const finish = (outcome: PollOutcome) => {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    onDone(outcome);
  };
  const tick = async () => {
    if (stopped) return;
    let now: CredentialStatus | null = null;
    try {
      now = await status();
    } catch {
      now = null;
    }
    if (stopped) return;
    if (now === 'VALID' || now === 'INVALID') return finish(now);
    if (Date.now() - startedAt + intervalMs > maxMs) return finish('timed_out');
    timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
