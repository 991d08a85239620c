import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 1_000;

/**
 * Whole seconds left until a deadline, ticking once a second. Counted from the
 * clock rather than by decrements, so a throttled background tab stays right.
 */
export function useCountdown(): {
  secondsLeft: number;
  start: (seconds: number) => void;
  reset: () => void;
} {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / TICK_MS));
      setSecondsLeft(left);
      if (left === 0) setDeadline(null);
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * TICK_MS);
    setSecondsLeft(seconds);
  }, []);

  const reset = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, start, reset };
}
