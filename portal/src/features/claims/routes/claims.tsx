import { EmptyState, PageHeader } from '@partner-portal/ui-kit';

import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function ClaimsRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Claims', partnerSlug);

  return (
    <>
      <PageHeader
        title="Claims"
        description="Requests to be reimbursed for stock the network lost or damaged, or received short."
      />
      <EmptyState
        headingLevel={2}
        title="No claims to show yet"
        description="Claims you file for lost, damaged or short-received stock will be listed here with their status."
      />
    </>
  );
}
