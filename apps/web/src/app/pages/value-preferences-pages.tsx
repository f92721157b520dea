import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useValueMatchStatus } from '../../features/value-match/api/get-value-matches.ts';
import { RecomputeStatus } from '../../features/value-match/components/recompute-status.tsx';
import { triggerStatsQueryOptions } from '../../features/value-preferences/api/trigger-stats.ts';
import { QualificationSignalsPage } from '../../features/value-preferences/components/qualification-signals-page.tsx';
import { TargetTitlesPage } from '../../features/value-preferences/components/target-titles-page.tsx';
import { TriggersPage } from '../../features/value-preferences/components/triggers-page.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

/** Admins and managers edit value preferences (the server enforces it too); everyone else reads. */
const useCanEdit = () => useAuthStore((s) => Boolean(s.user?.is_admin || s.user?.is_manager));

export function QualificationSignalsRoutePage() {
  return <QualificationSignalsPage canEdit={useCanEdit()} />;
}

export function TargetTitlesRoutePage() {
  return <TargetTitlesPage canEdit={useCanEdit()} />;
}

/**
 * Triggers, with what the recompute their changes queue is doing: what each trigger finds is
 * read again once a new computation is done.
 */
export function TriggersRoutePage() {
  const queryClient = useQueryClient();
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: triggerStatsQueryOptions().queryKey }),
    [queryClient],
  );
  // The question RecomputeStatus asks, shared: while a computation runs, the figures are the last one's.
  const recomputing = useValueMatchStatus().data?.running ?? false;
  return (
    <TriggersPage canEdit={useCanEdit()} status={<RecomputeStatus onComputed={reread} />} recomputing={recomputing} />
  );
}
