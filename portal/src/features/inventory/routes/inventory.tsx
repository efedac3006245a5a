import { EmptyState, PageHeader } from '@partner-portal/ui-kit';

import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function InventoryRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Inventory', partnerSlug);

  return (
    <>
      <PageHeader title="Inventory" description="Your stock per SKU and warehouse." />
      <EmptyState
        headingLevel={2}
        title="No inventory to show yet"
        description="Your items will be listed here with their stock in each warehouse, once stock is received."
      />
    </>
  );
}
