import { DAY_MS, STORAGE_KEYS } from '@quarry/shared/constants';
import { track } from '../../../lib/analytics.ts';
import { local } from '../../../lib/storage.ts';

function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "User Login" once per day; the last login date is kept locally (spec section 7). */
export function trackDailyLogin(now = new Date()): void {
  const today = localDate(now);
  const previous = local.get(STORAGE_KEYS.lastLoginDate);
  if (previous === today) return;
  const days = previous ? Math.round((Date.parse(today) - Date.parse(previous)) / DAY_MS) : null;
  track('User Login', {
    login_date: today,
    previous_login_date: previous,
    days_between_logins: days,
    is_first_login: previous === null,
  });
  local.set(STORAGE_KEYS.lastLoginDate, today);
}
