import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function OverviewRoute() {
  return (
    <PlaceholderScreen
      title="Overview"
      description="How your business stands at a glance."
      emptyTitle="Nothing to show yet"
      emptyDescription="Your key figures, the claims that need your attention and recent activity will appear here."
    />
  );
}
