import { ApiError } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * Whether this page has seen the server accept the session (the route guards read the user's
 * document): only then does a refusal for want of one mean it ended. A public page (an
 * invitation, a password reset) opened in a browser that still remembers someone is used signed
 * out, and the guards send a stale visitor to sign-in themselves.
 */
let confirmed = false;

export function setSessionConfirmed(value: boolean): void {
  confirmed = value;
}

/** The server no longer knows the session: signed out in another tab, expired, or revoked. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'unauthorized';
}

/**
 * A request answered that the session is over while the app still shows someone signed in: the
 * app signs out here too and loads sign-in, which brings the reader back to this page afterwards
 * (the page's own error, "Error loading …" with a Retry that can never succeed, is never shown).
 * Once: the next failures find no one signed in.
 */
export function endSessionIfOver(error: unknown): boolean {
  if (!confirmed || !isSessionEnded(error)) return false;
  const { user, reset } = useAuthStore.getState();
  if (!user) return true;
  reset();
  confirmed = false;
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  return true;
}
