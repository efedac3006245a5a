import { claimStatusLabels, TabNav } from '@partner-portal/ui-kit';
import { useLocation } from 'react-router-dom';

import { formatCount } from '@/lib/format';
import { LIST_PARAMS } from '@/lib/list-state';

import { claimStatuses, type ClaimStatus } from '../api/claims-shared';
import type { ClaimFacets } from '../api/get-claim-facets';

import styles from './claims.module.css';

/** The tab of every status. */
const ALL = 'all';

export interface StatusTabsProps {
  /** The status the list is filtered by; none for every claim. */
  status: ClaimStatus | undefined;
  /** The partner's claims per status (claim_counts), for the tabs' counters. */
  facets: ClaimFacets | undefined;
}

/**
 * The claims list's status filter as tabs, each a link to the list in that status (its other
 * filters, search and sort kept, from its first page) with how many claims it holds.
 */
export function StatusTabs({ status, facets }: StatusTabsProps) {
  const location = useLocation();
  const counts = new Map(facets?.statuses.map(({ value, count }) => [value, count]));
  const total = facets?.statuses.reduce((sum, { count }) => sum + count, 0);
  const hrefFor = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.delete(LIST_PARAMS.cursor);
    if (value === ALL) params.delete('status');
    else params.set('status', value);
    const search = params.toString();
    return `${location.pathname}${search === '' ? '' : `?${search}`}`;
  };
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatCount(value);

  return (
    <TabNav
      className={styles.statusTabs}
      aria-label="Claim status"
      current={status ?? ALL}
      items={[
        { id: ALL, label: 'All', href: hrefFor(ALL), count: count(total) },
        ...claimStatuses.map((value) => ({
          id: value,
          label: claimStatusLabels[value],
          href: hrefFor(value),
          count: count(counts.get(value)),
        })),
      ]}
    />
  );
}
