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

/**
 * A claim, an item or a page a partner does not have (its id unknown, another partner's, or not an
 * id at all): the not-found screen inside the partner's shell, with its sections, so the person is
 * still where they were and goes on from there.
 */
export function PartnerPageNotFound({ partnerSlug }: { partnerSlug: string }) {
  useDocumentTitle('Page not found', partnerSlug);

  return (
    <>
      <PageHeader
        title="Page not found"
        description="There is nothing at this address: it may be mistyped, or what it showed may have been removed."
      />
      <Link href={paths.overview(partnerSlug)} variant="standalone">
        Go to the overview
      </Link>
    </>
  );
}
