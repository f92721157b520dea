import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { confirm } from './confirm-dialog.tsx';

/**
 * While `dirty`, leaving the page asks first: an in-app navigation to another path opens the
 * generic confirm dialog (Cancel stays, "Leave page" goes on), and a reload or tab close gets the
 * browser's own "leave site?" prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker object changes on every render while blocked: one dialog per blocked navigation.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: i18n.t('preferences.unsavedTitle'),
      message: i18n.t('preferences.unsavedMessage'),
      proceedLabel: i18n.t('preferences.leavePage'),
      danger: true,
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
