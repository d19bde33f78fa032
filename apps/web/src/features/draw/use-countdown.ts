import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds, ticking each second until 0; `restart` starts it again from `seconds`. */
export function useCountdown(): { left: number; restart: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const restart = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setLeft(Math.max(0, Math.round(seconds)));
  }, []);
  useEffect(() => {
    if (endsAt === null) return;
    // Read from the end time, not by counting ticks: a throttled background tab still shows the right time.
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return { left, restart };
}
