import { SupportToolsPage as SupportTools } from '../../features/support/components/support-tools-page.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useStartImpersonation } from '../impersonation/use-start-impersonation.ts';

/** /support-impersonation: Support Tools, starting an impersonation through the auth state. */
export function SupportToolsPage() {
  const impersonating = useAuthStore((s) => s.impersonationActive);
  const start = useStartImpersonation();
  return <SupportTools impersonating={impersonating} onImpersonate={(user, reason) => start(user.uid, reason)} />;
}
