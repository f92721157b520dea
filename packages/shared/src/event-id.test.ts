import { describe, expect, it } from 'vitest';
import { newEventId } from './event-id.ts';

describe('newEventId', () => {
  it('makes RFC 9562 version 7 UUIDs', () => {
    expect(newEventId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts ids made later after ids made earlier', () => {
    const earlier = newEventId(1_700_000_000_000);
    const later = newEventId(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('018bcfe5-6800');
  });

  it('makes distinct ids within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newEventId(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});
