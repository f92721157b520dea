import { useEffect, useRef } from 'react';

/** Marks a workspace viewed once per opening (spec section 7: viewed.{uid}=now). */
export function useMarkViewed(workspaceId: string, ready: boolean, markViewed: (id: string) => unknown) {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || marked.current === workspaceId) return;
    marked.current = workspaceId;
    markViewed(workspaceId);
  }, [workspaceId, ready, markViewed]);
}
