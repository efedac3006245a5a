import { useEffect } from 'react';

import { useDocumentTitle } from '@/lib/document-title';

import styles from './error-page.module.css';

export interface ApplicationErrorPageProps {
  /** What escaped; written to the browser console, never shown on the page. */
  error: unknown;
}

/**
 * The generic application error page (docs/product.md §3, word for word). It depends on nothing that
 * could itself have failed: no ui-kit component, no data, no router context.
 */
export function ApplicationErrorPage({ error }: ApplicationErrorPageProps) {
  useDocumentTitle('Application error');

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className={styles.page}>
      <h1 className={styles.message}>
        Application error: a client-side exception has occurred while loading {window.location.host}{' '}
        (see the browser console for more information).
      </h1>
    </main>
  );
}
