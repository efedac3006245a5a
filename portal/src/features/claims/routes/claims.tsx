import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function ClaimsRoute() {
  return (
    <PlaceholderScreen
      title="Claims"
      description="Requests to be reimbursed for stock the network lost or damaged, or received short."
      emptyTitle="No claims to show yet"
      emptyDescription="Claims you file for lost, damaged or short-received stock will be listed here with their status."
    />
  );
}
