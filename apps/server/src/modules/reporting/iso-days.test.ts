import { describe, expect, it } from 'vitest';
import { addDays, daysFromTo, mondayOf, weekdayOf } from './iso-days.ts';

describe('ISO day arithmetic', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('counts weekdays from Monday and finds the Monday of a week', () => {
    expect(weekdayOf('2025-01-06')).toBe(0);
    expect(weekdayOf('2025-01-12')).toBe(6);
    expect(mondayOf('2025-01-12')).toBe('2025-01-06');
    expect(mondayOf('2025-01-06')).toBe('2025-01-06');
    expect(mondayOf('2025-01-01')).toBe('2024-12-30');
  });

  it('lists every day or every week of a range, both ends included, over a DST change', () => {
    expect(daysFromTo('2025-03-29', '2025-04-01')).toEqual(['2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
    expect(daysFromTo('2024-12-30', '2025-01-13', 7)).toEqual(['2024-12-30', '2025-01-06', '2025-01-13']);
    expect(daysFromTo('2025-01-02', '2025-01-01')).toEqual([]);
  });
});
