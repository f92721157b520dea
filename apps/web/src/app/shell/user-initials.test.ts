import { describe, expect, it } from 'vitest';
import { userInitials } from './user-initials.ts';

describe('userInitials', () => {
  it('takes the first letters of the first two parts of the email name, split at . _ + or -', () => {
    expect(userInitials('ada.lovelace@example.com')).toBe('AL');
    expect(userInitials('mary-jane+work@example.com')).toBe('MJ');
    expect(userInitials('grace_hopper@example.com')).toBe('GH');
  });

  it('takes the first two letters of a one-part email name, in capitals', () => {
    expect(userInitials('rita@example.com')).toBe('RI');
    expect(userInitials('a@example.com')).toBe('A');
  });

  it('shows a question mark when the email has no name part', () => {
    expect(userInitials('@example.com')).toBe('?');
    expect(userInitials('')).toBe('?');
  });
});
