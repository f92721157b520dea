import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { useAuthStore } from './features/auth/stores/auth-store.ts';
import { configureAnalytics } from './lib/analytics.ts';
import { reloadOnceForStaleChunk } from './lib/chunk-reload.ts';
import { initI18n } from './lib/i18n.ts';
import { configureErrorLogging, logError } from './lib/log-error.ts';

// A new deploy while this tab was open: fetch the new build once instead of breaking.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk()) event.preventDefault();
});

configureAnalytics(() => {
  const { user, impersonationActive, originalUserData } = useAuthStore.getState();
  if (!user) return null;
  const base = { email: user.email, user_id: user.uid, tenant_id: user.company };
  if (!impersonationActive || !originalUserData) return base;
  return {
    ...base,
    impersonated_tenant_id: user.company,
    impersonated_user_id: user.uid,
    impersonated_email: user.email,
    impersonator_email: originalUserData.email,
    impersonator_uid: originalUserData.uid,
  };
});
configureErrorLogging(() => {
  const user = useAuthStore.getState().user;
  return user ? { user_id: user.uid, tenant_id: user.company, email: user.email } : null;
});
window.addEventListener('error', (event) => logError(event.message, event.error));
window.addEventListener('unhandledrejection', (event) => logError('Unhandled rejection', event.reason));

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
