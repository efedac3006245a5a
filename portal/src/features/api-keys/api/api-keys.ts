import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** A key of the partner's or of the network: the list shows them alike. */
export type ApiKey = ApiData<'/api/partners/{partnerSlug}/api-keys', 'get'>['items'][number];
export type ApiKeyScope = ApiKey['scopes'][number];
export type CreateApiKeyBody = ApiBody<'/api/partners/{partnerSlug}/api-keys', 'post'>;
export type CreatedApiKey = ApiData<'/api/partners/{partnerSlug}/api-keys', 'post'>;

/** Whose keys: a partner's (its slug; admins) or the network's (`null`; staff). */
export type KeyOwner = string | null;

/** The newest keys first; a partner or the network holds a handful, so one page is the list. */
const LIST_QUERY = { sort: '-createdAt', limit: 100 } as const;

export async function fetchApiKeys(owner: KeyOwner, signal?: AbortSignal): Promise<ApiKey[]> {
  if (owner === null) {
    const { data } = await apiClient.GET('/api/staff/api-keys', {
      params: { query: LIST_QUERY },
      signal,
    });
    return data?.items ?? [];
  }
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/api-keys', {
    params: { path: { partnerSlug: owner }, query: LIST_QUERY },
    signal,
  });
  return data?.items ?? [];
}

export const apiKeysQueryOptions = (owner: KeyOwner) =>
  queryOptions({
    queryKey: queryKeys.apiKeys(owner),
    queryFn: ({ signal }) => fetchApiKeys(owner, signal),
  });

export function useApiKeys(owner: KeyOwner) {
  return useQuery(apiKeysQueryOptions(owner));
}

/**
 * POST …/api-keys `{ name, scopes, expiresAt }`: 201 with the token, in this answer only. The
 * Idempotency-Key is the person's action: a retry of it gets the same key back, not a second one.
 */
export async function createApiKey(
  owner: KeyOwner,
  body: CreateApiKeyBody,
  idempotencyKey: string,
): Promise<CreatedApiKey> {
  const header = { 'Idempotency-Key': idempotencyKey };
  if (owner === null) {
    const { data } = await apiClient.POST('/api/staff/api-keys', { params: { header }, body });
    return data as CreatedApiKey;
  }
  const { data } = await apiClient.POST('/api/partners/{partnerSlug}/api-keys', {
    params: { path: { partnerSlug: owner }, header },
    body,
  });
  return data as CreatedApiKey;
}

export function useCreateApiKey(owner: KeyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateApiKeyBody; idempotencyKey: string }) =>
      createApiKey(owner, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(owner) }),
  });
}

/** DELETE …/api-keys/{id}: 204, the key is refused at once. */
export async function revokeApiKey(owner: KeyOwner, id: string): Promise<void> {
  if (owner === null) {
    await apiClient.DELETE('/api/staff/api-keys/{id}', { params: { path: { id } } });
    return;
  }
  await apiClient.DELETE('/api/partners/{partnerSlug}/api-keys/{id}', {
    params: { path: { partnerSlug: owner, id } },
  });
}

export function useRevokeApiKey(owner: KeyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(owner, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(owner) }),
  });
}
