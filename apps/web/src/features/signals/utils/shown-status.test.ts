import { describe, expect, it } from 'vitest';
import { shownStatus } from './shown-status.ts';

describe('shownStatus', () => {
  it('shows an active source whose last read failed as retrying, and leaves the rest as they are', () => {
    expect(shownStatus({ status: 'active', last_error: 'the address could not be found' })).toBe('retrying');
    expect(shownStatus({ status: 'active', last_error: null })).toBe('active');
    expect(shownStatus({ status: 'paused', last_error: 'timed out after 10 s' })).toBe('paused');
    expect(shownStatus({ status: 'failing', last_error: 'HTTP 500' })).toBe('failing');
  });
});
