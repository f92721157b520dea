import type { SavedFilter } from '@quarry/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSavedFilters } from '../../../lib/saved-filters.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';

/** The URL parameter that names the saved filter a page shows: `/MyTerritory?filter={id}`. */
export const SAVED_FILTER_PARAM = 'filter';

/**
 * Keeps the chosen saved filter in the page's URL, so a reload, a bookmark or a link shared with
 * a colleague opens the same filter. `chosen` is the page's current choice; `open` is called once
 * with the saved filter the URL names when the page starts without that choice (a filter the
 * user cannot see, or no longer exists, is dropped from the URL, and the snackbar says so: the
 * page showing every account instead must not look like the filter's answer).
 */
export function useSavedFilterParam(chosen: string | null, open: (filter: SavedFilter) => void): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const saved = useSavedFilters();
  const named = params.get(SAVED_FILTER_PARAM);
  const started = useRef(false);
  // The filter opened from the URL, until the page's choice has caught up with it.
  const opening = useRef<string | null>(null);

  // On arrival: open the filter the URL names, once the saved filters are known.
  useEffect(() => {
    if (started.current || !saved.data) return;
    started.current = true;
    if (!named || named === chosen) return;
    const filter = saved.data.find((f) => f.id === named);
    if (filter) {
      opening.current = filter.id;
      open(filter);
    } else {
      showSnackbar(t('filters.linkGone'));
      setParams(
        (p) => {
          p.delete(SAVED_FILTER_PARAM);
          return p;
        },
        { replace: true },
      );
    }
  }, [saved.data, named, chosen, open, setParams, t]);

  // Afterwards: the URL follows the choice.
  useEffect(() => {
    if (!started.current) return;
    if (opening.current !== null) {
      if (chosen !== opening.current) return;
      opening.current = null;
    }
    if (named === chosen) return;
    setParams(
      (p) => {
        if (chosen) p.set(SAVED_FILTER_PARAM, chosen);
        else p.delete(SAVED_FILTER_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [chosen, named, setParams]);
}
