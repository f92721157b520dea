import type { CredentialStatus } from '@quarry/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollConnection } from './poll-connection.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollConnection (spec section 9: every 3 s, at most 60 s)', () => {
  it('asks every 3 s while PENDING and reports VALID as soon as the callback has completed', async () => {
    const answers: CredentialStatus[] = ['PENDING', 'PENDING', 'VALID'];
    const status = vi.fn(async () => answers.shift() ?? 'VALID');
    const onDone = vi.fn();
    pollConnection({ status, onDone, intervalMs: 3000, maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(2999);
    expect(status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(status).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(status).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('VALID');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(status).toHaveBeenCalledTimes(3);
  });

  it('gives up after 60 s of PENDING (20 asks), and a failed ask counts as pending', async () => {
    const status = vi.fn(async (): Promise<CredentialStatus> => {
      if (status.mock.calls.length === 2) throw new Error('offline');
      return 'PENDING';
    });
    const onDone = vi.fn();
    pollConnection({ status, onDone, intervalMs: 3000, maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(57_000);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('timed_out');
    expect(status).toHaveBeenCalledTimes(20);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(status).toHaveBeenCalledTimes(20);
  });

  it('reports INVALID when the tool refused, and asks nothing more once stopped', async () => {
    const onDone = vi.fn();
    pollConnection({ status: async () => 'INVALID', onDone, intervalMs: 3000, maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith('INVALID');

    const status = vi.fn(async (): Promise<CredentialStatus> => 'PENDING');
    const stop = pollConnection({ status, onDone: vi.fn(), intervalMs: 3000, maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(3000);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(status).toHaveBeenCalledTimes(1);
  });
});
