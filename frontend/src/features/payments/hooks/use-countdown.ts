import { useEffect, useRef, useState } from 'react';

/**
 * Counts down from `from` once a second while `running`, and calls `onDone` once at zero. Stopping resets the
 * count; starting again counts from `from`.
 */
export function useCountdown(from: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(from);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!running) {
      setLeft(from);
      return undefined;
    }
    setLeft(from);
    let remaining = from;
    const timer = window.setInterval(() => {
      remaining -= 1;
      setLeft(Math.max(remaining, 0));
      if (remaining <= 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [from, running]);

  return left;
}
