import { SERVICE_ACCOUNT_FRAGMENTS } from '@quarry/shared/constants';

/**
 * Whether an email belongs to a service account rather than a person: the support account, or an
 * address containing one of the spec's service-account fragments ("admin@", the provider's
 * "quarry-service@"). Such accounts are never offered in a list of people to pick (spec section 5).
 */
export function isServiceAccountEmail(email: string, supportEmail: string): boolean {
  return isSupportEmail(email, supportEmail) || SERVICE_ACCOUNT_FRAGMENTS.some((f) => email.toLowerCase().includes(f));
}

/** Whether an email is the support account's (SUPPORT_EMAIL), whatever its case. */
export function isSupportEmail(email: string, supportEmail: string): boolean {
  return email.toLowerCase() === supportEmail.toLowerCase();
}
