/**
 * The page's sense of time. The service says when things turn (a leave window closing, an offer
 * running out, check-in opening); the page only notices that such a moment has passed, re-renders,
 * and asks the service again, so no rule is worked out here.
 */
import { useEffect, useState } from 'react';

/** The time now, renewed the moment the earliest of `moments` still ahead passes. */
export function useNowUntil(moments: Array<string | null | undefined>): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments
    .filter((moment): moment is string => !!moment)
    .map((moment) => Date.parse(moment))
    .filter((at) => at >= now)
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    // One millisecond past: a window is closed once the moment itself has gone by.
    const wait = next - Date.now() + 1;
    // setTimeout cannot wait longer than about 24.8 days; a later moment re-arms on the way.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, Math.min(wait, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

/** The time now, every second while `running`: for a countdown a person watches. */
export function useTicking(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
