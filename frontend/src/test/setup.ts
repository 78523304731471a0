import * as domMatchers from '@testing-library/jest-dom/matchers';
import { afterEach, expect } from 'vitest';

// jest-dom's own `/vitest` entry cannot see the workspace's nested vitest, so the matchers are added here.
expect.extend(domMatchers);

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
