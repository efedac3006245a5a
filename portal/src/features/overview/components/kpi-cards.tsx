import { Money, Stat, formatMoney } from '@partner-portal/ui-kit';

import { DISPLAY_LOCALE, formatCount } from '@/lib/format';

import type { Kpi } from '../api/get-overview';

import { kpiChange } from './wording';

import styles from './overview.module.css';

function KpiValue({ kpi }: { kpi: Kpi }) {
  if (typeof kpi.value === 'number') return <>{formatCount(kpi.value)}</>;
  return <Money amount={kpi.value.amount} currency={kpi.value.currency} locale={DISPLAY_LOCALE} />;
}

function KpiStat({ kpi, currency }: { kpi: Kpi; currency: string }) {
  const change = kpiChange(kpi);
  return (
    <Stat
      label={kpi.label}
      value={<KpiValue kpi={kpi} />}
      locale={DISPLAY_LOCALE}
      delta={
        change && {
          value: change.value,
          format: change.format,
          goodDirection: change.goodDirection,
          period: change.period,
          formatValue: change.money
            ? (magnitude) => formatMoney(magnitude, currency, { locale: DISPLAY_LOCALE })
            : formatCount,
        }
      }
    />
  );
}

export interface KpiCardsProps {
  kpis: readonly Kpi[] | undefined;
  /** The partner's currency (a money change against zero is said in it). */
  currency: string;
}

/** The key figures, each with its change against the previous period in words; skeletons while loading. */
export function KpiCards({ kpis, currency }: KpiCardsProps) {
  return (
    <ul
      className={styles.kpis}
      aria-label="Key figures"
      aria-busy={kpis === undefined || undefined}
    >
      {kpis === undefined
        ? Array.from({ length: 9 }, (_, index) => (
            <li key={index}>
              <Stat label="Loading…" loading />
            </li>
          ))
        : kpis.map((kpi) => (
            <li key={kpi.key}>
              <KpiStat kpi={kpi} currency={currency} />
            </li>
          ))}
    </ul>
  );
}
