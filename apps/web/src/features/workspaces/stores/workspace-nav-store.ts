import { STORAGE_KEYS } from '@quarry/shared/constants';
import { create } from 'zustand';
import { local } from '../../../lib/storage.ts';

export type NavGroup = 'personal' | 'shared';

type NavState = {
  visible: boolean;
  expanded: NavGroup[];
  /** The create-workspace dialog is open (not remembered): the drawer behind it then ignores Escape. */
  creating: boolean;
  setVisible: (visible: boolean) => void;
  setExpanded: (expanded: NavGroup[]) => void;
  setCreating: (creating: boolean) => void;
};

type Stored = { visible: boolean; expanded: NavGroup[] };
const DEFAULTS: Stored = { visible: false, expanded: ['personal', 'shared'] };

function read(): Stored {
  try {
    const parsed = JSON.parse(local.get(STORAGE_KEYS.workspaceNav) ?? 'null') as Partial<Stored> | null;
    if (!parsed || typeof parsed !== 'object') return DEFAULTS;
    return {
      visible: parsed.visible === true,
      expanded: Array.isArray(parsed.expanded)
        ? parsed.expanded.filter((g): g is NavGroup => g === 'personal' || g === 'shared')
        : DEFAULTS.expanded,
    };
  } catch {
    return DEFAULTS;
  }
}

/** A phone's screen (Mantine's sm breakpoint), where the drawer covers the whole page. */
const onPhone = () => globalThis.matchMedia?.('(max-width: 48em)').matches === true;

/**
 * The workspace navigation panel's visibility and expanded groups, kept in local storage (spec
 * section 2). On a phone a panel left open is remembered but not opened again by a reload: it had
 * covered the page a person came back to.
 */
export const useWorkspaceNavStore = create<NavState>()((set, get) => {
  const save = (next: Stored) => local.set(STORAGE_KEYS.workspaceNav, JSON.stringify(next));
  const stored = read();
  return {
    ...stored,
    visible: stored.visible && !onPhone(),
    creating: false,
    setVisible: (visible) => {
      set({ visible });
      save({ visible, expanded: get().expanded });
    },
    setExpanded: (expanded) => {
      set({ expanded });
      save({ visible: get().visible, expanded });
    },
    setCreating: (creating) => set({ creating }),
  };
});
