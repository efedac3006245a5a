import { PageHeader } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

import styles from './not-found.module.css';

/** Unknown paths, and anything a route answers with 404. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');

  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <PageHeader
          title="Page not found"
          description="The address may be mistyped, or the page may have moved or been removed."
        />
        <Link to={paths.home()}>Go to the home page</Link>
      </div>
    </main>
  );
}
