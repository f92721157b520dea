/**
 * Tells the app's other tabs that who they act as has changed (support started or stopped acting
 * as a user): they share the session cookie, so a tab left showing the old identity would act as
 * the new one under the old one's name and banner.
 */
const CHANNEL = 'quarry-session';

export function announceSessionChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `onChange` when another tab announces a change; returns the unsubscribe. */
export function onSessionChange(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => onChange();
  return () => channel.close();
}
