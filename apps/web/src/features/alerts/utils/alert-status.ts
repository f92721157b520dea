import type { ManagedAlert } from '@quarry/shared';

/** Where an alert stands at `now`: not started yet, showing, or past its end. */
export function alertStatus(a: ManagedAlert, now: number): 'scheduled' | 'active' | 'ended' {
  if (Date.parse(a.starts_at) > now) return 'scheduled';
  if (a.ends_at && Date.parse(a.ends_at) <= now) return 'ended';
  return 'active';
}
