/** Only same-origin paths are followed after sign-in; anything else goes home. */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/login')) return '/';
  return target;
}
