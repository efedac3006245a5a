import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function InventoryRoute() {
  return (
    <PlaceholderScreen
      title="Inventory"
      description="Your stock per SKU and warehouse."
      emptyTitle="No inventory to show yet"
      emptyDescription="Your items will be listed here with their stock in each warehouse, once stock is received."
    />
  );
}
