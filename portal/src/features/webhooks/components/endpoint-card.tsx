import { Badge, Button, Card, ConfirmDialog, DescriptionList, Stack } from '@partner-portal/ui-kit';
import { useState } from 'react';

import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useNotify } from '@/lib/toasts';

import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  type WebhookEndpoint,
} from '../api/webhooks';

import { DeliveryLog } from './delivery-log';
import styles from './webhooks.module.css';

export interface EndpointCardProps {
  partnerSlug: string;
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  /** A rotation's new secret, to be shown once. */
  onRotated: (secret: string) => void;
}

/** One endpoint: its URL, events and state, its actions, and its delivery log. */
export function EndpointCard({ partnerSlug, endpoint, onEdit, onRotated }: EndpointCardProps) {
  const test = useSendTestEvent(partnerSlug);
  const rotate = useRotateWebhookSecret(partnerSlug);
  const remove = useDeleteWebhook(partnerSlug);
  const notify = useNotify();
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [showLog, setShowLog] = useState(false);

  const state = endpoint.enabled ? (
    <Badge tone="success">Enabled</Badge>
  ) : (
    <Badge tone="danger">Disabled</Badge>
  );

  return (
    <Card title={<span className={styles.url}>{endpoint.url}</span>} headingLevel={3}>
      <Stack gap={4}>
        <DescriptionList
          layout="stacked"
          items={[
            {
              term: 'Status',
              description: (
                <>
                  {state}
                  {endpoint.disabledReason !== null ? ` ${endpoint.disabledReason}` : null}
                </>
              ),
            },
            {
              term: 'Events',
              description: (
                <span className={styles.badges}>
                  {endpoint.events.map((type) => (
                    <Badge key={type} tone="neutral">
                      {type}
                    </Badge>
                  ))}
                </span>
              ),
            },
            { term: 'Description', description: endpoint.description ?? '—' },
          ]}
        />
        <ApiProblemAlert error={test.error ?? rotate.error} />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            loading={test.isPending}
            onClick={() =>
              test.mutate(
                { id: endpoint.id, key: crypto.randomUUID() },
                {
                  onSuccess: () => {
                    setShowLog(true);
                    notify({
                      tone: 'success',
                      title: 'Test event sent',
                      description: 'Its delivery is in the log below.',
                    });
                  },
                },
              )
            }
          >
            Send a test event
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            aria-label={`Edit ${endpoint.url}`}
          >
            Edit
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
            Rotate secret
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirm('delete')}
            aria-label={`Delete ${endpoint.url}`}
          >
            Delete
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showLog}
            onClick={() => setShowLog((shown) => !shown)}
          >
            {showLog ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
        </div>
        {showLog ? <DeliveryLog partnerSlug={partnerSlug} webhookId={endpoint.id} /> : null}
      </Stack>
      {confirm === 'rotate' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirm(null);
          }}
          title="Rotate the signing secret?"
          description="A new secret signs every delivery from now on. The old one stays valid for 24 hours, so you have a day to update your receiver."
          confirmLabel="Rotate secret"
          onConfirm={async () => {
            const { secret } = await rotate.mutateAsync({
              id: endpoint.id,
              key: crypto.randomUUID(),
            });
            setConfirm(null);
            onRotated(secret);
          }}
        >
          <ApiProblemAlert error={rotate.error} />
        </ConfirmDialog>
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirm(null);
          }}
          title="Delete this endpoint?"
          description="No more events are sent to it, and its delivery log is deleted. This cannot be undone."
          confirmLabel="Delete endpoint"
          tone="danger"
          onConfirm={async () => {
            await remove.mutateAsync(endpoint.id);
            notify({ tone: 'success', title: 'Endpoint deleted' });
          }}
        >
          <ApiProblemAlert error={remove.error} />
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
