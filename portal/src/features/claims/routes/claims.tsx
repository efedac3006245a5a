import { Button, LinkButton, PageHeader, type DataTableColumn } from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { canManage, usePartnerRole } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { claimColumns } from '@/lib/claim-columns';
import { formatCalendarDate } from '@/lib/format';
import {
  readListParams,
  useListState,
  useSearchParamsChange,
  type ListStateOptions,
} from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { usePartnerSlug } from '@/lib/use-partner-slug';
import { PartnerDateTime } from '@/lib/partner-time';

import { claimsCsvUrl } from '../api/claims-csv';
import { claimFacetsQueryOptions, facetQueryOf, useClaimFacets } from '../api/get-claim-facets';
import {
  claimFilters,
  claimSortFields,
  claimsQueryOptions,
  useClaims,
  type ClaimFilterKey,
  type ClaimRow,
  type ClaimSortField,
} from '../api/get-claims';
import { ClaimsFilters } from '../components/claims-filters';
import { StatusTabs } from '../components/status-tabs';

import styles from '../components/claims.module.css';

// The form is its own chunk: only people who file claims load it, once they start one.
const NewClaimDrawer = lazy(async () => ({
  default: (await import('../components/new-claim-drawer')).NewClaimDrawer,
}));

/** `?new=1` opens an empty form; `?fileFor=<movementId>&item=<itemId>` one filled from a movement. */
const FORM_PARAMS = ['new', 'fileFor', 'item'] as const;

const columns = (partnerSlug: string): Array<DataTableColumn<ClaimRow>> => [
  claimColumns.number((claim) => paths.claim(partnerSlug, claim.id), { sortable: true }),
  claimColumns.item({ fullWidthWhenStacked: true }),
  claimColumns.type({ priority: 'secondary' }),
  claimColumns.status(),
  claimColumns.amountClaimed({ sortable: true }),
  {
    id: 'incidentDate',
    header: 'Incident',
    priority: 'secondary',
    cell: (claim) => (
      <time dateTime={claim.incidentDate} className={styles.nowrap}>
        {formatCalendarDate(claim.incidentDate)}
      </time>
    ),
    sortable: true,
  },
  {
    id: 'createdAt',
    header: 'Filed',
    priority: 'secondary',
    cell: (claim) => (
      <PartnerDateTime value={claim.createdAt} format="date" className={styles.nowrap} />
    ),
    sortable: true,
  },
];

/** The list's state in the URL: its sorts (newest first unless the URL says otherwise), filters, search. */
const claimsList: ListStateOptions<ClaimSortField, ClaimFilterKey> = {
  sortFields: claimSortFields,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  filters: claimFilters,
  search: true,
};

/**
 * For the route's loader: starts the requests of the screen's first render, the page of claims its
 * URL asks for and the counts of the status tabs, under the keys the screen reads, without waiting
 * for them (the screen shows its skeleton meanwhile). They go out beside the session's, before the
 * screen's code has run (docs/performance.md, Lighthouse).
 */
export function prefetchClaims(
  queryClient: QueryClient,
  partnerSlug: string,
  search: URLSearchParams,
): void {
  const { query } = readListParams(search, claimsList);
  void queryClient.prefetchQuery(claimsQueryOptions(partnerSlug, query));
  void queryClient.prefetchQuery(claimFacetsQueryOptions(partnerSlug, facetQueryOf(query)));
}

/**
 * The partner's claims (docs/product.md §3): status tabs with their counts, type and filing date
 * filters, search by number or item, sort and pages, all in the URL; the CSV export of the same
 * set; "New claim" opens the form in a drawer (no route of its own).
 */
export function ClaimsRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Claims', partnerSlug);
  const navigate = useNavigate();
  const [params, changeParams] = useSearchParamsChange();
  const manages = canManage(usePartnerRole(partnerSlug));
  const list = useListState(claimsList);
  const claims = useClaims(partnerSlug, list.query);
  // The tabs and type counts under the list's other filters (docs/api.md, claims facets).
  const facets = useClaimFacets(partnerSlug, facetQueryOf(list.query));

  const fileFor = params.get('fileFor') ?? undefined;
  const formOpen = manages && (params.has('new') || fileFor !== undefined);
  const setFormOpen = (open: boolean) =>
    changeParams(
      (next) => {
        for (const name of FORM_PARAMS) next.delete(name);
        if (open) next.set('new', '1');
      },
      { replace: !open },
    );

  const newClaimButton = manages ? (
    <Button size="sm" onClick={() => setFormOpen(true)}>
      New claim
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Claims"
        description={
          // From an item's page: its claims only ("Clear filters" shows every claim again).
          list.filters.itemId === undefined
            ? 'Requests to be reimbursed for stock the network lost or damaged, or received short.'
            : 'The claims about one item.'
        }
      />
      <StatusTabs
        status={list.filters.status as ClaimRow['status'] | undefined}
        facets={facets.data}
      />
      <ListView
        caption="Claims"
        noun={{ one: 'claim', other: 'claims' }}
        state={list}
        query={claims}
        columns={columns(partnerSlug)}
        getRowId={(claim) => claim.id}
        onRowClick={(claim) => void navigate(paths.claim(partnerSlug, claim.id))}
        searchLabel="Search claims"
        searchPlaceholder="Claim number, SKU or item name"
        filters={<ClaimsFilters state={list} facets={facets.data} />}
        actions={
          <>
            <LinkButton
              href={claimsCsvUrl(partnerSlug, list.query)}
              download
              variant="secondary"
              size="sm"
            >
              Export CSV
            </LinkButton>
            {newClaimButton}
          </>
        }
        empty={{
          title: 'No claims yet',
          description:
            'Claims your team files for lost, damaged or short-received stock will be listed here.',
          action: newClaimButton ?? undefined,
        }}
      />
      {formOpen ? (
        <Suspense fallback={null}>
          <NewClaimDrawer
            partnerSlug={partnerSlug}
            movementId={fileFor}
            itemId={params.get('item') ?? undefined}
            onClose={() => setFormOpen(false)}
            onCreated={(claim) => void navigate(paths.claim(partnerSlug, claim.id))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
