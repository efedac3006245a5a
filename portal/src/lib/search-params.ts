import { useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router-dom';

/** Changes a copy of the URL's search params in place. */
export type SearchParamsChange = (next: URLSearchParams) => void;

/**
 * The URL's search params, and a change to them made onto the params as last set, not as last
 * rendered. react-router's `setSearchParams(updater)` hands the updater the params of the last
 * render, and its navigations render in a transition: a second change made before the first one has
 * rendered (a second click while eight charts draw, a debounced search landing after a filter) would
 * put the first one's old values back. Every screen that writes its state into the URL writes it
 * through here (docs/decisions.md, "URL state").
 */
export function useSearchParamsChange(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  // What this screen set and has not seen rendered yet, oldest first: a render of one of them
  // forgets it and those before it; a render of anything else (back, forward, a link) forgets all.
  const inFlight = useRef<URLSearchParams[]>([]);
  const rendered = params.toString();
  // The params of the latest render, for a change made from an older render's closure (a timer).
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
    const at = inFlight.current.findIndex((next) => next.toString() === rendered);
    inFlight.current = at === -1 ? [] : inFlight.current.slice(at + 1);
  }, [params, rendered]);

  const apply = (change: SearchParamsChange, options?: NavigateOptions) => {
    const next = new URLSearchParams(inFlight.current.at(-1) ?? latest.current);
    change(next);
    inFlight.current.push(next);
    setParams(next, options);
  };
  return [params, apply];
}
