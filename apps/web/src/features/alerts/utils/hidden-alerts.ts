import { STORAGE_KEYS } from '@quarry/shared/constants';
import { local, session } from '../../../lib/storage.ts';

const SESSION_KEY = 'quarry_dismissed_alerts';

function readIds(value: string | null): string[] {
  try {
    const parsed = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** "Don't show again": kept in localStorage for good. */
export const hiddenForGood = () => readIds(local.get(STORAGE_KEYS.hiddenAlerts));
export function hideForGood(id: string): void {
  local.set(STORAGE_KEYS.hiddenAlerts, JSON.stringify([...new Set([...hiddenForGood(), id])]));
}

/** "Dismiss": kept for this browser session only. */
export const dismissedThisSession = () => readIds(session.get(SESSION_KEY));
export function dismissForSession(id: string): void {
  session.set(SESSION_KEY, JSON.stringify([...new Set([...dismissedThisSession(), id])]));
}
