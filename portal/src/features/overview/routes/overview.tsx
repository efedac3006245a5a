import { EmptyState, PageHeader } from '@partner-portal/ui-kit';

import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function OverviewRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Overview', partnerSlug);

  return (
    <>
      <PageHeader title="Overview" description="How your business stands at a glance." />
      <EmptyState
        headingLevel={2}
        title="Nothing to show yet"
        description="Your key figures, the claims that need your attention and recent activity will appear here."
      />
    </>
  );
}
