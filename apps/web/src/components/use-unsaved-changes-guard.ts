import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { confirm } from './confirm-dialog.tsx';

/** What the question says; a page's own words, or the preferences pages' by default. */
export type LeaveQuestion = { title: string; message: string; proceedLabel: string; cancelLabel?: string };

const preferencesQuestion = (): LeaveQuestion => ({
  title: i18n.t('preferences.unsavedTitle'),
  message: i18n.t('preferences.unsavedMessage'),
  proceedLabel: i18n.t('preferences.leavePage'),
});

/**
 * While `dirty`, leaving the page asks first: an in-app navigation to another path opens the
 * generic confirm dialog (Cancel stays, the proceed button goes on), and a reload or tab close gets
 * the browser's own "leave site?" prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean, question: () => LeaveQuestion = preferencesQuestion): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, however often the page renders meanwhile; the answer
  // goes to the blocker as it is then (a second click on the link blocks again, as a new object),
  // not to the one the question was opened for.
  const asking = useRef(false);
  const latest = useRef(blocker);
  latest.current = blocker;
  const ask = useRef(question);
  ask.current = question;

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({ ...ask.current(), danger: true }).then((leave) => {
      asking.current = false;
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

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
