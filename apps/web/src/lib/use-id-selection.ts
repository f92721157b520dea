import { useState } from 'react';

/**
 * Rows ticked in a table by id, with "tick all" over the ids shown. A paged table passes the ids
 * of the page shown: "tick all" ticks or unticks that page and keeps what was ticked on others.
 */
export function useIdSelection(ids: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    selected: [...selected],
    count: selected.size,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelected(next);
    },
    allSelected,
    toggleAll: () => {
      const next = new Set(selected);
      for (const id of ids) {
        if (allSelected) next.delete(id);
        else next.add(id);
      }
      setSelected(next);
    },
    clear: () => setSelected(new Set()),
  };
}
