import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoAdvance } from './use-auto-advance';

describe('useAutoAdvance', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5 s and wraps after the last of 5 steps', () => {
    const { result } = renderHook(() => useAutoAdvance(5));
    expect(result.current.active).toBe(0);

    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.active).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.active).toBe(1);

    for (const expected of [2, 3, 4, 0]) {
      act(() => vi.advanceTimersByTime(5000));
      expect(result.current.active).toBe(expected);
    }
  });

  it('restarts the 5 s wait when a step is chosen', () => {
    const { result } = renderHook(() => useAutoAdvance(5));
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current.select(3));

    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.active).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.active).toBe(4);
  });

  it('does not move while paused', () => {
    const { result } = renderHook(() => useAutoAdvance(5, 5000, true));
    act(() => vi.advanceTimersByTime(20000));
    expect(result.current.active).toBe(0);
    act(() => result.current.previous());
    expect(result.current.active).toBe(4);
  });
});
