import { useEffect } from 'react';

export const PRODUCT_NAME = 'Partner Portal';

/** "Claims · acme-outdoor · Partner Portal": most specific first, the product last. */
export function formatDocumentTitle(...parts: string[]): string {
  return [...parts.filter((part) => part.trim() !== ''), PRODUCT_NAME].join(' · ');
}

/** Keeps `document.title` in step with the screen, so tabs, history and screen readers name it. */
export function useDocumentTitle(...parts: string[]): void {
  const title = formatDocumentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
