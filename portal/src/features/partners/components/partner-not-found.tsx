import { Link, PageHeader } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * A partner that does not exist, or that the person may not see: the API answers both alike, and
 * so does this screen, so it tells nobody which partners exist.
 */
export function PartnerNotFound() {
  useDocumentTitle('Partner not found');

  return (
    <>
      <PageHeader
        title="We couldn't find that partner"
        description="The address may be mistyped, or you may not have access to this partner."
      />
      <Link href={paths.home()} variant="standalone">
        Go to your partners
      </Link>
    </>
  );
}
