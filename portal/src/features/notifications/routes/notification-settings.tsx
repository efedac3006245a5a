import { Card, EmptyState, ErrorState, PageHeader, Skeleton } from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';

import { describeApiError } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useDocumentTitle } from '@/lib/document-title';
import { useNotify } from '@/lib/toasts';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import {
  notificationPreferencesQueryOptions,
  useNotificationPreferences,
} from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import {
  type NotificationChoices,
  NotificationSwitches,
} from '../components/notification-switches';

import styles from '../components/notification-settings.module.css';

/** Starts the screen's request beside the partner's loader. */
export function prefetchNotificationSettings(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(notificationPreferencesQueryOptions());
}

/**
 * The person's notification settings of the partner on screen (docs/product.md, Notification
 * preferences): claim updates, filing deadlines, low stock. Every e-mail links here. The choices are
 * the person's own; other members choose theirs.
 */
export function NotificationSettingsRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Notifications', partnerSlug);
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const notify = useNotify();

  const header = (
    <PageHeader
      title="Notifications"
      description="Choose which e-mails you get about this partner. Your choices are yours alone: other members choose their own."
    />
  );

  if (preferences.isError && preferences.data === undefined) {
    return (
      <div className={styles.page}>
        {header}
        <ErrorState
          title="We couldn't load your notification settings"
          description={describeApiError(preferences.error)?.message}
          onRetry={() => void preferences.refetch()}
          retrying={preferences.isFetching}
        />
      </div>
    );
  }

  if (preferences.data === undefined) {
    return (
      <div className={styles.page}>
        {header}
        <Card title="E-mail" headingLevel={2} aria-busy="true">
          <Skeleton lines={3} />
        </Card>
      </div>
    );
  }

  const saved = preferences.data.partners.find((partner) => partner.slug === partnerSlug);
  if (saved === undefined) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState
          headingLevel={2}
          title="No e-mails about this partner"
          description="You are not a member of this partner, so it sends you no e-mail and there is nothing to choose here."
        />
      </div>
    );
  }

  const pending = save.isPending ? save.variables.partners[0] : undefined;
  const choices: NotificationChoices = {
    claimUpdates: pending?.claimUpdates ?? saved.claimUpdates,
    filingDeadlines: pending?.filingDeadlines ?? saved.filingDeadlines,
    lowStock: pending?.lowStock ?? saved.lowStock,
  };

  const change = (choice: Partial<NotificationChoices>) => {
    save.mutate(
      { partners: [{ slug: partnerSlug, ...choice }] },
      {
        onSuccess: () => notify({ tone: 'success', title: 'Notification settings saved' }),
      },
    );
  };

  return (
    <div className={styles.page}>
      {header}
      <ApiProblemAlert error={save.error} />
      <NotificationSwitches choices={choices} saving={save.isPending} onChange={change} />
    </div>
  );
}
