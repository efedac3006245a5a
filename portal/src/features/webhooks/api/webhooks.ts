import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

export type WebhookEndpoint = ApiData<'/api/partners/{partnerSlug}/webhooks', 'get'>[number];
export type WebhookEventType = WebhookEndpoint['events'][number];
export type CreateWebhookBody = ApiBody<'/api/partners/{partnerSlug}/webhooks', 'post'>;
export type UpdateWebhookBody = ApiBody<'/api/partners/{partnerSlug}/webhooks/{id}', 'patch'>;
export type WebhookDeliveryPage = ApiData<
  '/api/partners/{partnerSlug}/webhooks/{id}/deliveries',
  'get'
>;
export type WebhookDelivery = WebhookDeliveryPage['items'][number];

/** The events an endpoint may subscribe to, in the order of the form. */
export const webhookEventTypes: readonly WebhookEventType[] = [
  'claim.created',
  'claim.status_changed',
  'claim.comment_added',
  'inventory.movement_recorded',
  'inventory.stock_low',
];

/** A new Idempotency-Key for one action of the person (a click, a form sent). */
const idempotent = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export const webhooksQueryOptions = (partnerSlug: string) =>
  queryOptions({
    queryKey: queryKeys.webhooks(partnerSlug),
    queryFn: async ({ signal }) => {
      const { data } = await apiClient.GET('/api/partners/{partnerSlug}/webhooks', {
        params: { path: { partnerSlug } },
        signal,
      });
      return data ?? [];
    },
  });

export function useWebhooks(partnerSlug: string) {
  return useQuery(webhooksQueryOptions(partnerSlug));
}

/**
 * One page of the endpoint's delivery log, newest first, 50 attempts a page (`cursor`: a page's
 * `nextCursor` or `prevCursor`; none for the first; docs/api.md, "The delivery log").
 */
export function useWebhookDeliveries(partnerSlug: string, id: string, cursor: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.webhookDeliveries(partnerSlug, id), cursor ?? null],
    queryFn: async ({ signal }) => {
      const { data } = await apiClient.GET('/api/partners/{partnerSlug}/webhooks/{id}/deliveries', {
        params: { path: { partnerSlug, id }, query: { sort: '-createdAt', limit: 50, cursor } },
        signal,
      });
      return data as WebhookDeliveryPage;
    },
    placeholderData: keepPreviousData,
  });
}

function useRefresh(partnerSlug: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(partnerSlug) });
}

/** POST …/webhooks: 201 with the signing secret, in this answer only. */
export function useCreateWebhook(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async ({ body, key }: { body: CreateWebhookBody; key: string }) => {
      const { data } = await apiClient.POST('/api/partners/{partnerSlug}/webhooks', {
        params: { path: { partnerSlug }, header: idempotent(key) },
        body,
      });
      return data as NonNullable<typeof data>;
    },
    onSuccess: refresh,
  });
}

/** PATCH …/webhooks/{id}: the URL, events, description, or enabled. */
export function useUpdateWebhook(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateWebhookBody }) => {
      const { data } = await apiClient.PATCH('/api/partners/{partnerSlug}/webhooks/{id}', {
        params: { path: { partnerSlug, id } },
        body,
      });
      return data as WebhookEndpoint;
    },
    onSuccess: refresh,
  });
}

/** DELETE …/webhooks/{id}: the endpoint and its delivery log. */
export function useDeleteWebhook(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.DELETE('/api/partners/{partnerSlug}/webhooks/{id}', {
        params: { path: { partnerSlug, id } },
      });
    },
    onSettled: refresh,
  });
}

/** POST …/rotate-secret: the new secret, once; the old one signs too for 24 hours. */
export function useRotateWebhookSecret(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async ({ id, key }: { id: string; key: string }) => {
      const { data } = await apiClient.POST(
        '/api/partners/{partnerSlug}/webhooks/{id}/rotate-secret',
        { params: { path: { partnerSlug, id }, header: idempotent(key) } },
      );
      return data as NonNullable<typeof data>;
    },
    onSuccess: refresh,
  });
}

/** POST …/test: a `webhook.test` event to this endpoint alone; 202 its first delivery. */
export function useSendTestEvent(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async ({ id, key }: { id: string; key: string }) => {
      const { data } = await apiClient.POST('/api/partners/{partnerSlug}/webhooks/{id}/test', {
        params: { path: { partnerSlug, id }, header: idempotent(key) },
      });
      return data as WebhookDelivery;
    },
    onSuccess: refresh,
  });
}

/** POST …/deliveries/{deliveryId}/redeliver: 202, a new attempt of that event, now. */
export function useRedeliver(partnerSlug: string) {
  const refresh = useRefresh(partnerSlug);
  return useMutation({
    mutationFn: async ({
      id,
      deliveryId,
      key,
    }: {
      id: string;
      deliveryId: string;
      key: string;
    }) => {
      const { data } = await apiClient.POST(
        '/api/partners/{partnerSlug}/webhooks/{id}/deliveries/{deliveryId}/redeliver',
        { params: { path: { partnerSlug, id, deliveryId }, header: idempotent(key) } },
      );
      return data as WebhookDelivery;
    },
    onSuccess: refresh,
  });
}
