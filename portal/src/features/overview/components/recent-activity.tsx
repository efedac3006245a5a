import { DateTime, Link, StatusPill } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { DISPLAY_LOCALE } from '@/lib/format';

import type { ActivityEntry } from '../api/get-overview';

import styles from './overview.module.css';

export interface RecentActivityProps {
  partnerSlug: string;
  entries: readonly ActivityEntry[];
  /** The partner's time zone, in which the times are shown. */
  timeZone: string;
}

/** The latest events of the partner's claims and stock, newest first, each linking to its claim or item. */
export function RecentActivity({ partnerSlug, entries, timeZone }: RecentActivityProps) {
  if (entries.length === 0) {
    return <p className={styles.summary}>Nothing has happened yet.</p>;
  }
  return (
    <ol className={styles.entries} aria-label="Recent activity">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={styles.entry}>
          <div className={styles.entryMain}>
            <span>{entry.summary}</span>
            <span className={styles.entryDetail}>
              <DateTime
                value={entry.at}
                format="datetime"
                timeZone={timeZone}
                locale={DISPLAY_LOCALE}
              />
              {entry.claim ? (
                <>
                  {' · '}
                  <Link href={paths.claim(partnerSlug, entry.claim.id)}>{entry.claim.number}</Link>
                </>
              ) : null}
              {entry.item ? (
                <>
                  {' · '}
                  <Link href={paths.inventoryItem(partnerSlug, entry.item.id)}>
                    {entry.item.sku}
                  </Link>
                </>
              ) : null}
            </span>
          </div>
          {/* The status this event moved the claim to, not the claim's status now. */}
          {entry.status !== null ? <StatusPill status={entry.status} /> : null}
        </li>
      ))}
    </ol>
  );
}
