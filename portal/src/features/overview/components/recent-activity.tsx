import { Link, StatusPill } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { PartnerDateTime, TimeZoneNote } from '@/lib/partner-time';

import type { ActivityEntry } from '../api/get-overview';

import styles from './overview.module.css';

export interface RecentActivityProps {
  partnerSlug: string;
  entries: readonly ActivityEntry[];
}

/** The latest events of the partner's claims and stock, newest first, each linking to its claim or item. */
export function RecentActivity({ partnerSlug, entries }: RecentActivityProps) {
  if (entries.length === 0) {
    return <p className={styles.summary}>Nothing has happened yet.</p>;
  }
  return (
    <>
      <TimeZoneNote />
      <ol className={styles.entries} aria-label="Recent activity">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className={styles.entry}>
            <div className={styles.entryMain}>
              <span>{entry.summary}</span>
              <span className={styles.entryDetail}>
                <PartnerDateTime value={entry.at} format="datetime" />
                {entry.claim ? (
                  <>
                    {' · '}
                    <Link href={paths.claim(partnerSlug, entry.claim.id)}>
                      {entry.claim.number}
                    </Link>
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
    </>
  );
}
