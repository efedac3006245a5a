import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element's content overflows it. A scrolling region holding only text must be
 * focusable (tabIndex 0) so keyboard users can scroll it; one that does not scroll should not add a
 * tab stop.
 */
export function useScrollFocusable(ref: RefObject<HTMLElement | null>): boolean {
  const [scrollable, setScrollable] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrollable;
}
