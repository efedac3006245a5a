import {
  Badge,
  Button,
  DataTable,
  DateTime,
  EmptyState,
  ErrorState,
  Pagination,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { describeApiError } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { formatListTotal } from '@/lib/list-view';
import { useNotify } from '@/lib/toasts';

import { useRedeliver, useWebhookDeliveries, type WebhookDelivery } from '../api/webhooks';

import styles from './webhooks.module.css';

const statusTones = { pending: 'accent', succeeded: 'success', failed: 'danger' } as const;
const statusLabels = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const noun = { one: 'delivery', other: 'deliveries' };

const columns = (
  onRedeliver: (delivery: WebhookDelivery) => void,
  sending: string | undefined,
): Array<DataTableColumn<WebhookDelivery>> => [
  {
    id: 'eventId',
    header: 'Event',
    rowHeader: true,
    fullWidthWhenStacked: true,
    cell: (delivery) => <code className={styles.url}>{delivery.eventId}</code>,
  },
  { id: 'type', header: 'Type', cell: (delivery) => delivery.type },
  { id: 'attempt', header: 'Attempt', align: 'end', cell: (delivery) => delivery.attempt },
  {
    id: 'status',
    header: 'Status',
    cell: (delivery) => (
      <Badge tone={statusTones[delivery.status]}>{statusLabels[delivery.status]}</Badge>
    ),
  },
  {
    id: 'responseStatus',
    header: 'Response',
    cell: (delivery) => delivery.responseStatus ?? delivery.error ?? '—',
  },
  {
    id: 'durationMs',
    header: 'Duration',
    align: 'end',
    priority: 'secondary',
    cell: (delivery) => (delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`),
  },
  {
    id: 'nextAttemptAt',
    header: 'Next attempt',
    priority: 'secondary',
    cell: (delivery) =>
      delivery.nextAttemptAt === null ? (
        '—'
      ) : (
        <DateTime value={delivery.nextAttemptAt} format="datetime" />
      ),
  },
  {
    id: 'createdAt',
    header: 'Created',
    cell: (delivery) => (
      <span className={styles.nowrap}>
        <DateTime value={delivery.createdAt} format="datetime" />
      </span>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    align: 'end',
    fullWidthWhenStacked: true,
    cell: (delivery) => (
      <Button
        variant="secondary"
        size="sm"
        loading={sending === delivery.id}
        aria-label={`Send ${delivery.type} ${delivery.eventId} again`}
        onClick={() => onRedeliver(delivery)}
      >
        Send again
      </Button>
    ),
  },
];

/**
 * One endpoint's delivery log, newest first, a page at a time (its pages are the card's own: several
 * endpoints' logs may be open at once), with "Send again" on each attempt.
 */
export function DeliveryLog({
  partnerSlug,
  webhookId,
}: {
  partnerSlug: string;
  webhookId: string;
}) {
  const [cursor, setCursor] = useState<string>();
  const deliveries = useWebhookDeliveries(partnerSlug, webhookId, cursor);
  const page = deliveries.data;
  const redeliver = useRedeliver(partnerSlug);
  const notify = useNotify();

  if (deliveries.isError && page === undefined) {
    return (
      <ErrorState
        title="We couldn't load the deliveries"
        description={describeApiError(deliveries.error)?.message}
        onRetry={() => void deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  }
  if (page !== undefined && page.items.length === 0 && page.prevCursor === null) {
    return (
      <EmptyState
        headingLevel={3}
        title="No deliveries yet"
        description="Send a test event to see one here."
      />
    );
  }
  const turningPage = deliveries.isPlaceholderData && deliveries.isFetching;
  return (
    <>
      <ApiProblemAlert error={redeliver.error} />
      <DataTable
        caption="Deliveries"
        columns={columns(
          (delivery) =>
            redeliver.mutate(
              { id: webhookId, deliveryId: delivery.id, key: crypto.randomUUID() },
              { onSuccess: () => notify({ tone: 'success', title: 'Sent again' }) },
            ),
          redeliver.isPending ? redeliver.variables.deliveryId : undefined,
        )}
        rows={page?.items ?? []}
        getRowId={(delivery) => delivery.id}
        getRowLabel={(delivery) => `${delivery.type} ${delivery.eventId}`}
        loading={deliveries.isPending || turningPage}
        density="compact"
        footer={
          page && (page.items.length > 0 || page.prevCursor !== null) ? (
            <Pagination
              label="Pages of deliveries"
              summary={formatListTotal(page, noun)}
              hasPrevious={page.prevCursor !== null}
              hasNext={page.nextCursor !== null}
              onPrevious={() => setCursor(page.prevCursor ?? undefined)}
              onNext={() => setCursor(page.nextCursor ?? undefined)}
              loading={turningPage}
            />
          ) : undefined
        }
      />
    </>
  );
}
