import { session } from './storage.ts';

const KEY = 'quarry_chunk_reload_at';

/**
 * A chunk that fails to load usually means a new deploy replaced the files this tab knew.
 * Reload once to fetch the new build; a second failure within a minute is a real error.
 */
export function reloadOnceForStaleChunk(): boolean {
  const last = Number(session.get(KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  session.set(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadOnceForStaleChunk()) return new Promise<T>(() => {});
      throw error;
    });
}
