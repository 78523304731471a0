import * as domMatchers from '@testing-library/jest-dom/matchers';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, expect } from 'vitest';

// jest-dom's own `/vitest` entry cannot see the workspace's nested vitest, so the matchers are added here.
expect.extend(domMatchers);

// Query observers hear of changes on a zero-delay timeout, which fake timers set during a tick push one
// millisecond on; as microtasks they are heard at the time the change happened, as in the app.
notifyManager.setScheduler(queueMicrotask);

if (typeof window !== 'undefined') {
  const { installLayoutStandIns } = await import('./layout-stand-ins');
  const { cleanup } = await import('@testing-library/react');
  const { notifications } = await import('@mantine/notifications');
  installLayoutStandIns();
  afterEach(() => {
    cleanup();
    notifications.clean();
    window.localStorage.clear();
  });
}
