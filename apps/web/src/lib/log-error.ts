import { track } from './analytics.ts';

let identity: () => { user_id: string; tenant_id: string; email: string } | null = () => null;

export function configureErrorLogging(getIdentity: typeof identity): void {
  identity = getIdentity;
}

/** Logs an error and forwards it as "Error Logged" (spec section 7). */
export function logError(message: string, details?: unknown): void {
  console.error(message, details);
  const who = identity();
  if (!who) return;
  const error_details =
    details instanceof Error ? `${details.name}: ${details.message}` : details === undefined ? '' : String(details);
  track('Error Logged', {
    error_message: message.slice(0, 1000),
    error_details: error_details.slice(0, 3000),
    user_id: who.user_id,
    tenant_id: who.tenant_id,
    email: who.email,
    timestamp: new Date().toISOString(),
  });
}
