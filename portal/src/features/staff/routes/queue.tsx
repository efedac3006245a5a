import {
  Badge,
  Button,
  LinkButton,
  PageHeader,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useMe } from '@/lib/auth';
import { claimColumns } from '@/lib/claim-columns';
import { claimTypeLabels } from '@/lib/claim-labels';
import { useDocumentTitle } from '@/lib/document-title';
import { formatMoment } from '@/lib/format';
import { readListParams, useListState } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { useAssignClaims } from '@/lib/staff/assignee';
import {
  queueList,
  staffQueueCsvUrl,
  staffQueueQueryOptions,
  useStaffQueue,
  type StaffQueueClaim,
} from '@/lib/staff/review-queue';

import { staffSummaryQueryOptions } from '../api/get-staff-summary';
import { CompactCell } from '../components/compact-cell';
import { QueueFilters } from '../components/queue-filters';
import { QueueSummary } from '../components/queue-summary';
import styles from '../components/staff.module.css';
import { daysWaited, formatDays } from '../components/waiting';

/**
 * For the route's loader: starts the queue's page its URL asks for and the figures above it, under
 * the keys the screen reads, without waiting for them.
 */
export function prefetchQueue(queryClient: QueryClient, search: URLSearchParams): void {
  const { query } = readListParams(search, queueList);
  void queryClient.prefetchQuery(staffQueueQueryOptions(query));
  void queryClient.prefetchQuery(staffSummaryQueryOptions());
}

interface Columns {
  /** The queue's search params, carried to the claim page ("Next in queue", "Back to queue"). */
  queueSearch: string;
  userId: string | undefined;
  assigning: ReadonlySet<string>;
  onAssign: (claim: StaffQueueClaim) => void;
}

/**
 * The queue's columns, which fit a 1280 px screen without scrolling sideways: the type under the
 * claim's number, "Assign to me" under the assignee, the partner, the item and the assignee cut to
 * their column (an ellipsis, the whole text in the cell's title). The claim's columns are the shared
 * ones (`lib/claim-columns.tsx`).
 */
const columns = ({
  queueSearch,
  userId,
  assigning,
  onAssign,
}: Columns): Array<DataTableColumn<StaffQueueClaim>> => [
  claimColumns.number(
    (claim) => paths.claimFromQueue(claim.partner.slug, claim.id, queueSearch),
    {},
    (claim) => claimTypeLabels[claim.type],
  ),
  {
    id: 'partner',
    header: 'Partner',
    cell: (claim) => <CompactCell primary={claim.partner.name} secondary={claim.partner.slug} />,
  },
  claimColumns.item({ priority: 'secondary' }, CompactCell),
  claimColumns.amountClaimed({ sortable: true }),
  claimColumns.status(),
  {
    id: 'assignee',
    header: 'Assignee',
    cell: (claim) =>
      claim.assignee != null && claim.assignee.id === userId ? (
        'You'
      ) : (
        <span className={styles.assignee}>
          {claim.assignee == null ? (
            <span className={styles.secondary}>Unassigned</span>
          ) : (
            <CompactCell primary={claim.assignee.name} />
          )}
          <Button
            size="sm"
            variant="secondary"
            className={styles.nowrap}
            loading={assigning.has(claim.id)}
            aria-label={`Assign to me: ${claim.number}`}
            onClick={() => onAssign(claim)}
          >
            Assign to me
          </Button>
        </span>
      ),
    fullWidthWhenStacked: true,
  },
  {
    id: 'waitingSince',
    header: 'Waiting since',
    sortable: true,
    cell: (claim) =>
      claim.waitingSince == null ? (
        '—'
      ) : (
        <span className={styles.waiting}>
          <time dateTime={claim.waitingSince} className={styles.nowrap}>
            {formatMoment(claim.waitingSince, 'UTC', 'date')}
          </time>
          <span className={styles.secondary}>{formatDays(daysWaited(claim.waitingSince))}</span>
          {claim.overdue ? <Badge tone="danger">Overdue</Badge> : null}
        </span>
      ),
  },
];

/**
 * The staff's review queue (docs/product.md §3a): every claim waiting for the network, across
 * partners, oldest waiting first; its figures above; filters, search, sort, pages and the
 * selection in one list of the shared list machinery, all of its state in the URL; the CSV of the
 * filtered queue; "Assign to me" on a row and on the selected rows.
 */
export function QueueRoute() {
  useDocumentTitle('Review queue');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queueSearch = params.toString();
  const { data: session } = useMe();
  const userId = session?.user.id;
  const list = useListState(queueList);
  const queue = useStaffQueue(list.query);
  const assign = useAssignClaims();
  const [selected, setSelected] = useState<string[]>([]);
  const [assigning, setAssigning] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(0);

  const rows = queue.data?.items ?? [];
  // The selection is of the page on screen: another page or filter leaves what is not on it.
  const selectedRows = rows.filter(({ id }) => selected.includes(id));

  const assignToMe = (claims: readonly StaffQueueClaim[]) => {
    if (userId === undefined || claims.length === 0) return;
    setAssigning(new Set(claims.map(({ id }) => id)));
    setFailed(0);
    assign.mutate(
      claims.map((claim) => ({ partnerSlug: claim.partner.slug, claimId: claim.id, userId })),
      {
        onSuccess: (results) => {
          setFailed(results.filter(({ status }) => status === 'rejected').length);
          setSelected([]);
        },
        onSettled: () => setAssigning(new Set()),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Review queue"
        description="Every claim waiting for the network, across partners, oldest waiting first. Times in UTC."
      />
      <QueueSummary />
      {failed > 0 ? (
        <ApiProblemAlert
          error={
            assign.data?.find(
              (result): result is PromiseRejectedResult => result.status === 'rejected',
            )?.reason
          }
        />
      ) : null}
      <ListView
        caption="Review queue"
        noun={{ one: 'claim', other: 'claims' }}
        state={list}
        query={queue}
        columns={columns({
          queueSearch,
          userId,
          assigning,
          onAssign: (claim) => assignToMe([claim]),
        })}
        getRowId={(claim) => claim.id}
        onRowClick={(claim) =>
          void navigate(paths.claimFromQueue(claim.partner.slug, claim.id, queueSearch))
        }
        selection={{
          selectedIds: selectedRows.map(({ id }) => id),
          onChange: setSelected,
          getRowLabel: (claim) => claim.number,
        }}
        searchLabel="Search the queue"
        searchPlaceholder="Claim number, SKU or partner"
        filters={<QueueFilters state={list} />}
        actions={
          <>
            {selectedRows.length > 0 ? (
              <Button size="sm" loading={assign.isPending} onClick={() => assignToMe(selectedRows)}>
                Assign {selectedRows.length} to me
              </Button>
            ) : null}
            <LinkButton href={staffQueueCsvUrl(list.query)} download variant="secondary" size="sm">
              Export CSV
            </LinkButton>
          </>
        }
        empty={{
          title: 'Nothing waits for the network',
          description:
            'Claims that partners submit, or answer an information request on, show here.',
        }}
      />
    </>
  );
}
