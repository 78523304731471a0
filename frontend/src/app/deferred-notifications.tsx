import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() => import('./notifications-container').then((module) => ({ default: module.Notifications })));

/** Calls `callback` once the page has loaded and the browser is idle; returns a cancel. */
function whenIdleAfterLoad(callback: () => void): () => void {
  let cancel = () => {};
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback);
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, 200);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}

/**
 * Mantine's toasts, whose container (transitions, swipe to dismiss, scroll lock) loads once the page is
 * idle, or at once when a toast is shown before that: it is there, and ready to animate, by the first toast.
 */
export function DeferredNotifications(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [idle, setIdle] = useState(false);
  const [requested, setRequested] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  if (!requested && (idle || notifications.length > 0)) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
