/** localStorage / sessionStorage that never throws (private mode, quota, disabled storage). */
function safe(getStore: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return getStore().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        getStore().setItem(key, value);
      } catch {
        // Storage full or unavailable: the value simply is not kept.
      }
    },
    remove(key: string): void {
      try {
        getStore().removeItem(key);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);
