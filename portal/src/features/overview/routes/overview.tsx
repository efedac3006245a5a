import { EmptyState, ErrorState, LinkButton, PageHeader, Skeleton } from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { canManage, usePartnerRole } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { overviewQueryOptions, useOverview, type Overview } from '../api/get-overview';
import { AttentionList } from '../components/attention-list';
import { KpiCards } from '../components/kpi-cards';
import { RecentActivity } from '../components/recent-activity';

import styles from '../components/overview.module.css';

const kpiNumber = (value: Overview['kpis'][number]['value']): number =>
  typeof value === 'number' ? value : value.amount;

/** A partner with nothing yet: no figure, nothing to do, nothing happened. */
const isBlank = (overview: Overview): boolean =>
  overview.kpis.every((kpi) => kpiNumber(kpi.value) === 0) &&
  overview.needsAttention.total === 0 &&
  overview.recentActivity.length === 0;

/**
 * For the route's loader: starts the screen's request without waiting for it (the screen shows its
 * skeleton meanwhile), beside the session's, before the screen's code has run (docs/performance.md,
 * Lighthouse).
 */
export function prefetchOverview(queryClient: QueryClient, partnerSlug: string): void {
  void queryClient.prefetchQuery(overviewQueryOptions(partnerSlug));
}

/**
 * The partner's landing screen (docs/product.md §3): the key figures against the previous period,
 * the needs-attention inbox and the recent activity.
 */
export function OverviewRoute() {
  const partnerSlug = usePartnerSlug();
  const role = usePartnerRole(partnerSlug);
  const overview = useOverview(partnerSlug);
  useDocumentTitle('Overview', partnerSlug);
  const data = overview.data;

  const header = (
    <PageHeader title="Overview" description="How your business stands at a glance." />
  );

  if (overview.isError && data === undefined) {
    return (
      <div className={styles.page}>
        {header}
        <ErrorState
          title="We couldn't load the overview"
          description={describeApiError(overview.error)?.message}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      </div>
    );
  }

  if (data !== undefined && isBlank(data)) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState
          headingLevel={2}
          title="Welcome! Nothing to show yet"
          description="Your key figures, the claims that need your attention and recent activity appear here once your stock arrives in our warehouses. Start by looking at your inventory."
          action={
            <LinkButton href={paths.inventory(partnerSlug)} variant="primary">
              Go to inventory
            </LinkButton>
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      {header}
      <section aria-labelledby="kpis-heading" className={styles.section}>
        <h2 id="kpis-heading" className={styles.heading}>
          Key figures
        </h2>
        <KpiCards kpis={data?.kpis} currency={data?.currency ?? 'EUR'} />
      </section>
      <div className={styles.columns}>
        <section aria-labelledby="attention-heading" className={styles.section}>
          <h2 id="attention-heading" className={styles.heading}>
            Needs attention
          </h2>
          {data === undefined ? (
            <Skeleton height="12rem" />
          ) : data.needsAttention.total === 0 ? (
            <EmptyState
              headingLevel={3}
              title="All caught up"
              description="No claim waits for you, and every loss and damage is claimed."
            />
          ) : (
            <AttentionList
              partnerSlug={partnerSlug}
              needsAttention={data.needsAttention}
              canFile={canManage(role)}
            />
          )}
        </section>
        <section aria-labelledby="activity-heading" className={styles.section}>
          <h2 id="activity-heading" className={styles.heading}>
            Recent activity
          </h2>
          {data === undefined ? (
            <Skeleton height="12rem" />
          ) : (
            <RecentActivity partnerSlug={partnerSlug} entries={data.recentActivity} />
          )}
        </section>
      </div>
    </div>
  );
}
