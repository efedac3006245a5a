import { Badge, Button, ErrorState, Link } from '@partner-portal/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { formatCalendarDate, formatCount } from '@/lib/format';

import { needsAttentionQueryOptions, type NeedsAttentionPage } from '../api/get-needs-attention';
import type { AttentionItem, Overview } from '../api/get-overview';

import { attentionKindLabels, countdown, countdownTone } from './wording';

import styles from './overview.module.css';

/**
 * Where an entry leads: a claim to its page; a loss or damage not yet claimed to the claims screen
 * with "File a claim" filled from it, for those who may file (a viewer sees the item instead).
 */
function attentionHref(partnerSlug: string, entry: AttentionItem, canFile: boolean): string {
  if (entry.claim) return paths.claim(partnerSlug, entry.claim.id);
  if (entry.movement) {
    return canFile
      ? paths.fileClaim(partnerSlug, entry.movement.id, entry.movement.itemId)
      : paths.inventoryItem(partnerSlug, entry.movement.itemId);
  }
  return paths.claims(partnerSlug);
}

function subjectOf(entry: AttentionItem): string {
  if (entry.claim) return entry.claim.number;
  if (entry.item) return entry.item.sku;
  return '';
}

/** The line under an entry: the item, the units not claimed, what is awaited, the deadline. */
function detailsOf(entry: AttentionItem): string[] {
  const details: string[] = [];
  if (entry.item) details.push(entry.item.name);
  if (entry.claim === null && entry.movement) {
    const units = Math.abs(entry.movement.quantity);
    details.push(`${formatCount(units)} ${units === 1 ? 'unit' : 'units'}`);
  }
  if (entry.kind === 'info_requested') details.push('Waiting for your answer');
  if (entry.deadline) details.push(`file by ${formatCalendarDate(entry.deadline)}`);
  return details;
}

function AttentionEntry({
  partnerSlug,
  entry,
  canFile,
}: {
  partnerSlug: string;
  entry: AttentionItem;
  canFile: boolean;
}) {
  const left = countdown(entry.daysLeft);
  return (
    <li className={styles.entry}>
      <div className={styles.entryMain}>
        <Link href={attentionHref(partnerSlug, entry, canFile)} variant="standalone">
          {attentionKindLabels[entry.kind]}: {subjectOf(entry)}
        </Link>
        <span className={styles.entryDetail}>{detailsOf(entry).join(' · ')}</span>
      </div>
      {left ? <Badge tone={countdownTone(entry.daysLeft)}>{left}</Badge> : null}
    </li>
  );
}

export interface AttentionListProps {
  partnerSlug: string;
  needsAttention: Overview['needsAttention'];
  /** Whether the person may file claims (a manager or admin). */
  canFile: boolean;
}

/**
 * The needs-attention inbox (docs/product.md §3): claims waiting for information, drafts and
 * losses or damages not yet claimed, each with the days left in its filing window; "Load more"
 * asks the API for the next page.
 */
export function AttentionList({ partnerSlug, needsAttention, canFile }: AttentionListProps) {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<NeedsAttentionPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>();
  const entries = [...needsAttention.items, ...pages.flatMap((page) => page.items)];
  const nextCursor =
    pages.length > 0 ? (pages.at(-1)?.nextCursor ?? null) : needsAttention.nextCursor;

  const loadMore = async () => {
    if (nextCursor === null) return;
    setLoading(true);
    setError(undefined);
    try {
      const page = await queryClient.fetchQuery(
        needsAttentionQueryOptions(partnerSlug, nextCursor),
      );
      setPages((loaded) => [...loaded, page]);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <p className={styles.summary}>
        {formatCount(entries.length)} of {formatCount(needsAttention.total)} shown
      </p>
      <ul className={styles.entries} aria-label="Needs attention">
        {entries.map((entry, index) => (
          <AttentionEntry
            key={`${entry.kind}-${entry.claim?.id ?? entry.movement?.id ?? index}`}
            partnerSlug={partnerSlug}
            entry={entry}
            canFile={canFile}
          />
        ))}
      </ul>
      {error !== undefined ? (
        <ErrorState
          headingLevel={3}
          title="We couldn't load more"
          description={describeApiError(error)?.message}
          onRetry={() => void loadMore()}
          retrying={loading}
        />
      ) : nextCursor !== null ? (
        <Button
          variant="secondary"
          className={styles.more}
          loading={loading}
          onClick={() => void loadMore()}
        >
          Load more
        </Button>
      ) : null}
    </>
  );
}
