import { Badge, Link, PageHeader, type DataTableColumn } from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { formatCount, formatMoment } from '@/lib/format';
import { readListParams, useListState, type ListStateOptions } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import {
  staffPartnersQueryOptions,
  useStaffPartners,
  type StaffPartner,
} from '@/lib/staff/partner-directory';

import styles from '../components/staff.module.css';
import { daysWaited, formatDays } from '../components/waiting';

/** The fields the API sorts the directory by (docs/api.md). */
const partnerSortFields = ['name', 'slug'] as const;
type PartnerSortField = (typeof partnerSortFields)[number];

/** The directory's state in the URL: its search, sort and page. */
const directoryList: ListStateOptions<PartnerSortField, never> = {
  sortFields: partnerSortFields,
  defaultSort: { field: 'name', direction: 'asc' },
  search: true,
};

/** For the route's loader: the directory's page its URL asks for. */
export function prefetchPartners(queryClient: QueryClient, search: URLSearchParams): void {
  const { query } = readListParams(search, directoryList);
  void queryClient.prefetchQuery(staffPartnersQueryOptions(query));
}

const columns: Array<DataTableColumn<StaffPartner>> = [
  {
    id: 'slug',
    header: 'Slug',
    sortable: true,
    cell: (partner) => (
      <Link href={paths.overview(partner.slug)} className={styles.nowrap}>
        {partner.slug}
      </Link>
    ),
    rowHeader: true,
  },
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (partner) => (
      <>
        <span className={styles.primary}>{partner.name}</span>
        {partner.status === 'active' ? null : <Badge tone="neutral">{partner.status}</Badge>}
      </>
    ),
  },
  {
    id: 'openClaims',
    header: 'Open claims',
    align: 'end',
    cell: (partner) => formatCount(partner.openClaims),
  },
  {
    id: 'waitingClaims',
    header: 'Waiting',
    align: 'end',
    cell: (partner) => formatCount(partner.waitingClaims),
  },
  {
    id: 'oldestWaitingSince',
    header: 'Oldest waiting',
    cell: (partner) =>
      partner.oldestWaitingSince === null ? (
        <span className={styles.secondary}>Nothing waits</span>
      ) : (
        <>
          <time dateTime={partner.oldestWaitingSince} className={styles.nowrap}>
            {formatMoment(partner.oldestWaitingSince, 'UTC', 'date')}
          </time>
          <span className={styles.secondary}>
            {formatDays(daysWaited(partner.oldestWaitingSince))}
          </span>
        </>
      ),
  },
];

/**
 * Every partner of the network with its open and waiting claims and its oldest waiting claim
 * (docs/product.md §3a), searchable; a row opens the partner's overview, which the BFF writes to
 * the audit log as a staff access.
 */
export function StaffPartnersRoute() {
  useDocumentTitle('Partners', 'Staff');
  const navigate = useNavigate();
  const list = useListState(directoryList);
  const partners = useStaffPartners(list.query);

  return (
    <>
      <PageHeader
        title="Partners"
        description="Every partner of the network. Opening one is written to the audit log."
      />
      <ListView
        caption="Partners"
        noun={{ one: 'partner', other: 'partners' }}
        state={list}
        query={partners}
        columns={columns}
        getRowId={(partner) => partner.slug}
        onRowClick={(partner) => void navigate(paths.overview(partner.slug))}
        searchLabel="Search partners"
        searchPlaceholder="Name or slug"
        empty={{ title: 'No partners yet', description: 'Partners of the network show here.' }}
      />
    </>
  );
}
