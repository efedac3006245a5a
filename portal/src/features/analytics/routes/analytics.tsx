import { EmptyState, PageHeader } from '@partner-portal/ui-kit';

import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function AnalyticsRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Analytics', partnerSlug);

  return (
    <>
      <PageHeader title="Analytics" description="Trends in your claims and stock over time." />
      <EmptyState
        headingLevel={2}
        title="No analytics to show yet"
        description="Charts of claims, amounts, stock on hand and losses over the period you choose will appear here."
      />
    </>
  );
}
