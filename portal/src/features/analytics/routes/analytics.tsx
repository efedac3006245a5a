import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function AnalyticsRoute() {
  return (
    <PlaceholderScreen
      title="Analytics"
      description="Trends in your claims and stock over time."
      emptyTitle="No analytics to show yet"
      emptyDescription="Charts of claims, amounts, stock on hand and losses over the period you choose will appear here."
    />
  );
}
