import { UPDATING_FLAG_DELAY_MS } from '@quarry/shared/constants';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listKeys } from '../api/list-keys.ts';
import { workspaceKeys } from '../api/workspace-keys.ts';

/**
 * The workspace updating flag (spec section 4): on while any workspace or list change runs (the
 * mutations under the workspace and list keys), and for UPDATING_FLAG_DELAY_MS after the last one
 * finishes, so quick saves do not flicker.
 */
export function useWorkspaceUpdating(): boolean {
  const running =
    useIsMutating({ mutationKey: workspaceKeys.mutations.all }) +
    useIsMutating({ mutationKey: listKeys.mutations.all });
  const [lingering, setLingering] = useState(false);
  useEffect(() => {
    if (running > 0) {
      setLingering(true);
      return;
    }
    const settle = setTimeout(() => setLingering(false), UPDATING_FLAG_DELAY_MS);
    return () => clearTimeout(settle);
  }, [running]);
  return running > 0 || lingering;
}
