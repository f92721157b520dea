import { useEffect, useRef } from 'react';
import { useMarkWorkspaceViewed } from '../api/mark-workspace-viewed.ts';

/** Marks a workspace viewed once per opening (spec section 7: viewed.{uid}=now). */
export function useMarkViewed(workspaceId: string, ready: boolean) {
  const { mutate: markViewed } = useMarkWorkspaceViewed();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || marked.current === workspaceId) return;
    marked.current = workspaceId;
    markViewed(workspaceId);
  }, [workspaceId, ready, markViewed]);
}
