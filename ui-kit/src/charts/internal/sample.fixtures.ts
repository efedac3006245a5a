import type { ChartDatum } from './chartTheme';

/** Weekly claim figures used by the chart stories. */
export const weeklyClaims: ChartDatum[] = [
  { week: '2026-01-05', lost: 4, damaged: 7, inbound_short: 2, approved: 110_000 },
  { week: '2026-01-12', lost: 6, damaged: 5, inbound_short: 3, approved: 98_500 },
  { week: '2026-01-19', lost: 3, damaged: 9, inbound_short: 1, approved: 143_200 },
  { week: '2026-01-26', lost: 8, damaged: 4, inbound_short: 4, approved: 121_900 },
  { week: '2026-02-02', lost: 5, damaged: 6, inbound_short: 2, approved: 156_300 },
  { week: '2026-02-09', lost: 7, damaged: 8, inbound_short: 5, approved: 132_000 },
  { week: '2026-02-16', lost: 2, damaged: 5, inbound_short: 1, approved: 88_700 },
  { week: '2026-02-23', lost: 6, damaged: 7, inbound_short: 3, approved: 171_400 },
];

export const formatWeek = (value: string | number) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(String(value)),
  );

export const formatEuros = (minor: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
  }).format(minor / 100);
