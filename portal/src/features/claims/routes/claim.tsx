import { EmptyState, PageHeader } from '@partner-portal/ui-kit';
import { Link, useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function ClaimRoute() {
  const partnerSlug = usePartnerSlug();
  const { claimId = '' } = useParams();
  useDocumentTitle('Claim', partnerSlug);

  return (
    <>
      <PageHeader
        title="Claim"
        description={`Claim ${claimId}`}
        actions={<Link to={paths.claims(partnerSlug)}>Back to claims</Link>}
      />
      <EmptyState
        headingLevel={2}
        title="No claim details to show yet"
        description="The claim's fields, amounts, status, evidence files and timeline will appear here."
      />
    </>
  );
}
