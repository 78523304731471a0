import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useElapsedSeconds } from './use-elapsed-seconds';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useElapsedSeconds', () => {
  it('counts whole seconds since the start, every second, and stops when unmounted', () => {
    const startedAt = Date.now();
    const hook = renderHook(() => useElapsedSeconds(startedAt));
    expect(hook.result.current).toBe(0);

    act(() => vi.advanceTimersByTime(14_999));
    expect(hook.result.current).toBe(14);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(15);

    hook.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
