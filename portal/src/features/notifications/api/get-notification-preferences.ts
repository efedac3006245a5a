import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me/notifications: what the person is told about each of their partners. */
export type NotificationPreferences = ApiData<'/api/me/notifications', 'get'>;
export type PartnerNotificationPreferences = NotificationPreferences['partners'][number];

export async function fetchNotificationPreferences(
  signal?: AbortSignal,
): Promise<NotificationPreferences> {
  const { data } = await apiClient.GET('/api/me/notifications', { signal });
  return data as NotificationPreferences;
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationPreferences(),
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
