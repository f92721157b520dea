import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkRange, lastDays } from './report-range.ts';

describe('report range', () => {
  it('makes "last 30 days" end today and include it', () => {
    expect(lastDays(30, dayjs('2026-03-31'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it.each([
    [{ from: '2026-03-01', to: '2026-03-31' }, null],
    [{ from: '2026-03-31', to: '2026-03-31' }, null],
    [{ from: '', to: '2026-03-31' }, 'invalid'],
    [{ from: '2026-04-01', to: '2026-03-31' }, 'order'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'tooLong'],
    [{ from: '2025-01-01', to: '2026-01-01' }, null],
  ] as const)('%j is %s', (range, problem) => {
    expect(checkRange(range)).toBe(problem);
  });
});
