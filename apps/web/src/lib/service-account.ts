import { SERVICE_ACCOUNT_FRAGMENTS } from '@quarry/shared/constants';

/**
 * Whether an address belongs to a service account ("admin@…", "quarry-service@…"), which user
 * pick lists never offer (spec section 5). The server decides the same way and also counts the
 * support account.
 */
export function isServiceAccountEmail(email: string): boolean {
  const lower = email.toLowerCase();
  return SERVICE_ACCOUNT_FRAGMENTS.some((fragment) => lower.includes(fragment));
}
