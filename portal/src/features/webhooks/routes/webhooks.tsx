import { Button, EmptyState, ErrorState, PageHeader, Skeleton, Card } from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { describeApiError } from '@/lib/api-errors';
import { partnerRole, requireSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { OneTimeSecretDialog } from '@/lib/one-time-secret';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { useWebhooks, webhooksQueryOptions, type WebhookEndpoint } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointDialog } from '../components/endpoint-dialog';
import { SignatureRecipe } from '../components/signature-recipe';

import styles from '../components/webhooks.module.css';

/** Admins only: anyone else gets the partner's not-found screen. */
export const createWebhooksLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    const session = await requireSession(queryClient, request);
    if (partnerRole(session, partnerSlug) !== 'admin') {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    void queryClient.prefetchQuery(webhooksQueryOptions(partnerSlug));
    return null;
  };

type Secret = { title: string; value: string; note?: string };

/**
 * The partner's webhook endpoints (docs/product.md §3b): events POSTed to the partner's own systems,
 * signed; each endpoint's delivery log with "Send again"; and how to verify a signature.
 */
export function WebhooksRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Webhooks', partnerSlug);
  const endpoints = useWebhooks(partnerSlug);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);

  let list;
  if (endpoints.isError && endpoints.data === undefined) {
    list = (
      <ErrorState
        title="We couldn't load the webhook endpoints"
        description={describeApiError(endpoints.error)?.message}
        onRetry={() => void endpoints.refetch()}
        retrying={endpoints.isFetching}
      />
    );
  } else if (endpoints.data === undefined) {
    list = (
      <Card aria-busy="true">
        <Skeleton lines={3} />
      </Card>
    );
  } else if (endpoints.data.length === 0) {
    list = (
      <EmptyState
        headingLevel={2}
        title="No endpoints yet"
        description="Add the address of your system, and we POST it the events you choose as they happen."
      />
    );
  } else {
    list = endpoints.data.map((endpoint) => (
      <EndpointCard
        key={endpoint.id}
        partnerSlug={partnerSlug}
        endpoint={endpoint}
        onEdit={() => setEditing(endpoint)}
        onRotated={(value) =>
          setSecret({
            title: 'The new signing secret',
            value,
            note: 'The old secret stays valid for 24 hours: deliveries carry both signatures until then.',
          })
        }
      />
    ));
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Webhooks"
        description="Your systems hear about claims and stock as it happens: we POST each event, signed, and retry for about 3 days."
        actions={<Button onClick={() => setEditing('new')}>Add endpoint</Button>}
      />
      <section aria-label="Endpoints" className={styles.page}>
        {list}
      </section>
      <SignatureRecipe />
      {editing !== null ? (
        <EndpointDialog
          partnerSlug={partnerSlug}
          endpoint={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(value) => {
            setEditing(null);
            setSecret({ title: 'Your endpoint’s signing secret', value });
          }}
        />
      ) : null}
      {secret !== null ? (
        <OneTimeSecretDialog
          title={secret.title}
          label="Signing secret"
          value={secret.value}
          note={secret.note}
          onClose={() => setSecret(null)}
        />
      ) : null}
    </div>
  );
}
