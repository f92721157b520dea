import '@mantine/core/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { analyticsUserProperties } from './app/analytics-user-properties.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { configureAnalytics } from './lib/analytics.ts';
import { useAuthStore } from './lib/auth-store.ts';
import { reloadOnceForStaleChunk } from './lib/chunk-reload.ts';
import { meQueryOptions } from './lib/get-me.ts';
import { initI18n } from './lib/i18n.ts';
import { configureErrorLogging, logError } from './lib/log-error.ts';
import { queryClient } from './lib/query-client.ts';

// A new deploy while this tab was open: fetch the new build once instead of breaking.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk()) event.preventDefault();
});

configureAnalytics(() =>
  analyticsUserProperties({
    ...useAuthStore.getState(),
    impersonation: queryClient.getQueryData(meQueryOptions().queryKey)?.impersonation,
  }),
);
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
