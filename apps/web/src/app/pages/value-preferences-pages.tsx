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

export function TriggersRoutePage() {
  return <TriggersPage canEdit={useCanEdit()} />;
}
