import { claimStatusLabels, Tab, TabList, TabPanel, Tabs } from '@partner-portal/ui-kit';
import type { ReactNode } from 'react';

import { formatCount } from '@/lib/format';

import { claimStatuses, type ClaimStatus } from '../api/get-claims';
import type { ClaimFacets } from '../api/get-claim-facets';

/** The tab of every status. */
const ALL = 'all';

export interface StatusTabsProps {
  /** The status the list is filtered by; none for every claim. */
  status: ClaimStatus | undefined;
  onStatusChange: (status: ClaimStatus | undefined) => void;
  /** The partner's claims per status (claim_counts), for the tabs' counters. */
  facets: ClaimFacets | undefined;
  /** The list: shown in the selected tab's panel. */
  children: ReactNode;
}

/**
 * The claims list's status filter as tabs, each with how many claims it holds. The arrows move
 * between tabs and Enter chooses one (a tab's list is a request: it is not sent on every arrow).
 */
export function StatusTabs({ status, onStatusChange, facets, children }: StatusTabsProps) {
  const counts = new Map(facets?.statuses.map(({ value, count }) => [value, count]));
  const total = facets?.statuses.reduce((sum, { count }) => sum + count, 0);
  const tabs: Array<{ value: string; label: string; count: number | undefined }> = [
    { value: ALL, label: 'All', count: total },
    ...claimStatuses.map((value) => ({
      value,
      label: claimStatusLabels[value],
      count: counts.get(value),
    })),
  ];
  const selected = status ?? ALL;

  return (
    <Tabs
      value={selected}
      activationMode="manual"
      onValueChange={(value) =>
        onStatusChange(claimStatuses.find((candidate) => candidate === value))
      }
    >
      <TabList aria-label="Claim status">
        {tabs.map(({ value, label, count }) => (
          <Tab
            key={value}
            value={value}
            count={count === undefined ? undefined : formatCount(count)}
          >
            {label}
          </Tab>
        ))}
      </TabList>
      {tabs.map(({ value }) => (
        <TabPanel key={value} value={value}>
          {value === selected ? children : null}
        </TabPanel>
      ))}
    </Tabs>
  );
}
