import { EmptyState, PageHeader } from '@partner-portal/ui-kit';
import { Link, useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

export function InventoryItemRoute() {
  const partnerSlug = usePartnerSlug();
  const { itemId = '' } = useParams();
  useDocumentTitle('Inventory item', partnerSlug);

  return (
    <>
      <PageHeader
        title="Inventory item"
        description={`Item ${itemId}`}
        actions={<Link to={paths.inventory(partnerSlug)}>Back to inventory</Link>}
      />
      <EmptyState
        headingLevel={2}
        title="No item details to show yet"
        description="The item's quantities, value, reorder point, movement history and the claims about it will appear here."
      />
    </>
  );
}
