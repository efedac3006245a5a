import { useLayoutEffect } from 'react';

let locks = 0;
let restore: (() => void) | undefined;

function lock() {
  locks += 1;
  if (locks > 1) return;
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  const previous = { overflow: root.style.overflow, paddingInlineEnd: root.style.paddingInlineEnd };
  // Through the CSSOM, which a strict Content Security Policy allows, unlike an injected <style>.
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
  restore = () => {
    root.style.overflow = previous.overflow;
    root.style.paddingInlineEnd = previous.paddingInlineEnd;
  };
}

function unlock() {
  locks = Math.max(0, locks - 1);
  if (locks === 0) {
    restore?.();
    restore = undefined;
  }
}

/**
 * Stops the page behind a modal from scrolling while mounted. Radix's own scroll lock injects a
 * <style> element, which apps with a strict CSP (`style-src 'self'`) refuse; this one only sets
 * inline styles through the CSSOM. Nested modals share one lock.
 */
export function ScrollLock() {
  useLayoutEffect(() => {
    lock();
    return unlock;
  }, []);
  return null;
}
