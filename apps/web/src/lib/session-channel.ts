/**
 * Tells the app's other tabs that the session changed: support started or stopped acting as a
 * user, or the user signed out. They share the session cookie, so a tab left showing the old
 * identity would act as the new one under the old one's name and banner, or fail on every click
 * once signed out.
 */
const CHANNEL = 'quarry-session';

/** What changed: who the session acts as, or that it ended. */
export type SessionChange = 'changed' | 'signed_out';

export function announceSessionChange(change: SessionChange = 'changed'): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Calls `onChange` when another tab announces a change; returns the unsubscribe. */
export function onSessionChange(onChange: (change: SessionChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => onChange(event.data === 'signed_out' ? 'signed_out' : 'changed');
  return () => channel.close();
}
