import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  it('passes a value on only after it has stood still for the delay, restarting the wait on every change', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SEARCH_DEBOUNCE_MS), { initialProps: { value: 'i' } });
    expect(result.current).toBe('i');

    rerender({ value: 'is' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toBe('i');
    rerender({ value: 'ist' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    // Typing on: the first change never settled.
    expect(result.current).toBe('i');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ist');
  });

  it('passes an emptied value at once', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SEARCH_DEBOUNCE_MS), { initialProps: { value: 'ist' } });
    rerender({ value: '' });
    expect(result.current).toBe('');
  });

  it('is the spec’s 300 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
