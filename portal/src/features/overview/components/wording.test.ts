import type { Kpi } from '../api/get-overview';

import { countdown, kpiChange } from './wording';

describe('countdown', () => {
  it.each([
    [5, '5 days left'],
    [1, '1 day left'],
    [0, 'Last day'],
    [-1, 'Window closed'],
    [-30, 'Window closed'],
  ])('says %i days as "%s"', (days, words) => {
    expect(countdown(days)).toBe(words);
  });

  it('says nothing without a deadline', () => {
    expect(countdown(null)).toBeUndefined();
  });
});

describe('kpiChange', () => {
  const kpi = (value: Kpi['value'], previous: Kpi['previous']): Kpi => ({
    key: 'open_claims_amount',
    label: 'Open claims amount',
    unit: 'money',
    value,
    previous,
  });

  it('is a ratio against a previous value that is not zero', () => {
    expect(
      kpiChange(kpi({ amount: 11200, currency: 'EUR' }, { amount: 10000, currency: 'EUR' })),
    ).toMatchObject({ value: 0.12, format: 'percent', period: 'from 30 days ago' });
  });

  it('is the absolute change against zero', () => {
    expect(
      kpiChange(kpi({ amount: 500, currency: 'EUR' }, { amount: 0, currency: 'EUR' })),
    ).toMatchObject({ value: 500, format: 'number', money: true });
  });

  it('is none without a previous value', () => {
    expect(kpiChange(kpi(3, null))).toBeUndefined();
  });
});
