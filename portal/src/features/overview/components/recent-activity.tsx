import { Link, StatusPill } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { PartnerDateTime, TimeZoneNote } from '@/lib/partner-time';

import type { ActivityEntry } from '../api/get-overview';

import styles from './overview.module.css';

export interface RecentActivityProps {
  partnerSlug: string;
  entries: readonly ActivityEntry[];
}

type ClaimStatus = NonNullable<ActivityEntry['claim']>['status'];

/**
 * The status an event moved its claim to, never the claim's status now: a row "created CLM-000263"
 * reads Draft even if the claim was rejected since. The BFF sends it as the entry's `status` (null
 * for a comment, evidence or a movement, which move nothing); until a BFF without it is gone, a
 * creation is a draft and anything else shows no status (one place to drop once the field is in
 * the generated types).
 */
export function statusMovedTo(entry: ActivityEntry): ClaimStatus | null {
  const sent = (entry as { status?: ClaimStatus | null }).status;
  if (sent !== undefined) return sent;
  return entry.kind === 'claim_created' ? 'draft' : null;
}

function MovedTo({ entry }: { entry: ActivityEntry }) {
  const status = entry.claim === null ? null : statusMovedTo(entry);
  return status === null ? null : <StatusPill status={status} />;
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
            <MovedTo entry={entry} />
          </li>
        ))}
      </ol>
    </>
  );
}
