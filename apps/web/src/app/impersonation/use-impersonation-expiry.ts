import { useEffect, useRef } from 'react';

/**
 * The server ends an impersonation after 60 minutes on its own; this tab follows at that moment
 * instead of showing the customer's screens while the session already acts as support again.
 */
export function useImpersonationExpiry(expiresAt: string | undefined, onExpired: () => void): void {
  const latest = useRef(onExpired);
  latest.current = onExpired;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(() => latest.current(), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);
}
