import { useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function InventoryItemRoute() {
  const { itemId = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Inventory item"
      description={`Item ${itemId}`}
      back={{ href: paths.inventory, label: 'Back to inventory' }}
      emptyTitle="No item details to show yet"
      emptyDescription="The item's quantities, value, reorder point, movement history and the claims about it will appear here."
    />
  );
}
