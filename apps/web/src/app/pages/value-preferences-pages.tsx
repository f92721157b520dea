import { useAuthStore } from '../../features/auth/stores/auth-store.ts';
import { QualificationSignalsPage } from '../../features/preferences/components/qualification-signals-page.tsx';
import { TargetTitlesPage } from '../../features/preferences/components/target-titles-page.tsx';
import { TriggersPage } from '../../features/preferences/components/triggers-page.tsx';

/** Admins and managers edit value preferences (the server enforces it too); everyone else reads. */
const useCanEdit = () => useAuthStore((s) => Boolean(s.user?.is_admin || s.user?.is_manager));

export function QualificationSignalsRoutePage() {
  return <QualificationSignalsPage canEdit={useCanEdit()} />;
}

export function TargetTitlesRoutePage() {
  return <TargetTitlesPage canEdit={useCanEdit()} />;
}

export function TriggersRoutePage() {
  return <TriggersPage canEdit={useCanEdit()} />;
}
