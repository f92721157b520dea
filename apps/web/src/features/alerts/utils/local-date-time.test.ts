import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-time.ts';

describe('datetime-local conversion', () => {
  it('round-trips an instant through the input value to the minute', () => {
    const iso = '2026-11-22T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('answers empty values for nothing or nonsense', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('garbage')).toBeNull();
  });
});
