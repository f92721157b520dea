import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirm } from './confirm-dialog.tsx';

/**
 * While `dirty` (something typed and not yet saved), leaving for another page asks first, and
 * closing or reloading the tab gets the browser's own warning: a half-written comment is not lost
 * to a stray click.
 */
export function useLeaveGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, however often the page renders meanwhile.
  const asking = useRef(false);
  const latest = useRef(blocker);
  latest.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      proceedLabel: t('unsaved.leave'),
      cancelLabel: t('unsaved.stay'),
      danger: true,
    }).then((leave) => {
      asking.current = false;
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
