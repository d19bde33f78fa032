import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  secondsLeft: number;
  /** Starts again from the given number of seconds. */
  restart: (seconds: number) => void;
}

/** Ticks once a second down to 0. */
export function useCountdown(initialSeconds: number): Countdown {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const compute = useCallback(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)), [deadline]);
  const [secondsLeft, setSecondsLeft] = useState(compute);

  useEffect(() => {
    setSecondsLeft(compute());
    const timer = setInterval(() => {
      const left = compute();
      setSecondsLeft(left);
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [compute]);

  const restart = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), []);
  return { secondsLeft, restart };
}
