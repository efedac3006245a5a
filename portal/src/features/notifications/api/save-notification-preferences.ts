import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiBody } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

import type { NotificationPreferences } from './get-notification-preferences';

export type NotificationPreferencesChange = ApiBody<'/api/me/notifications', 'put'>;

/** PUT /api/me/notifications: saves the choices of the partners named (all or nothing). */
export async function saveNotificationPreferences(
  change: NotificationPreferencesChange,
): Promise<NotificationPreferences> {
  const { data } = await apiClient.PUT('/api/me/notifications', { body: change });
  return data as NotificationPreferences;
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    // The answer is every partner's choices as saved: the screen shows it at once.
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationPreferences(), saved),
  });
}
