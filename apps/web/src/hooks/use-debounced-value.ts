import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (typing pauses); an empty value passes at once. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const immediate = value === '' || value === null || value === undefined;
  useEffect(() => {
    if (immediate) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, immediate]);
  return immediate ? value : settled;
}
