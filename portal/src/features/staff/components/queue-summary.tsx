import { Alert, Stat } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { formatCount, formatDecimal, formatMoment } from '@/lib/format';

import { useStaffSummary } from '../api/get-staff-summary';

import styles from './staff.module.css';
import { daysWaited, formatDays } from './waiting';

/**
 * The figures above the queue (docs/product.md §3a). "Overdue" opens the queue filtered to the
 * overdue claims; the oldest waiting says how long it has waited and since when (UTC: the queue
 * spans partners of every time zone).
 */
export function QueueSummary() {
  const summary = useStaffSummary();
  if (summary.isError) {
    return (
      <Alert tone="danger" title="We couldn't load the queue's figures">
        {describeApiError(summary.error)?.message}
      </Alert>
    );
  }
  const figures = summary.data;
  const loading = figures === undefined;
  const oldest = figures?.oldestWaitingSince ?? null;
  const median = figures?.medianDaysToDecision30d ?? null;

  return (
    <ul className={styles.summary} aria-label="Queue figures" aria-busy={loading || undefined}>
      <li>
        <Stat
          className={styles.stat}
          label="Waiting now"
          loading={loading}
          value={figures && formatCount(figures.waiting)}
        />
      </li>
      <li>
        <Stat
          className={styles.stat}
          label="Overdue"
          loading={loading}
          value={figures && formatCount(figures.overdue)}
          href={paths.staffQueue('overdue=true')}
          help="Past the review target"
        />
      </li>
      <li>
        <Stat
          className={styles.stat}
          label="Oldest waiting"
          loading={loading}
          value={oldest === null ? '—' : formatDays(daysWaited(oldest))}
          help={oldest === null ? 'Nothing waits' : `Since ${formatMoment(oldest, 'UTC')} UTC`}
        />
      </li>
      <li>
        <Stat
          className={styles.stat}
          label="Decided in 7 days"
          loading={loading}
          value={figures && formatCount(figures.decidedLast7Days)}
        />
      </li>
      <li>
        <Stat
          className={styles.stat}
          label="Median days to decision"
          loading={loading}
          value={median === null ? '—' : formatDecimal(median)}
          help="Last 30 days"
        />
      </li>
    </ul>
  );
}
