import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Money.stories';
import { Money } from './Money';
import { formatMoney, majorToMinor, minorToMajor, parseMoney } from './formatMoney';

const nbsp = /[\u00a0\u202f]/g;

describe('Money', () => {
  itRendersEveryStoryAccessibly(stories);

  it('formats minor units with the currency’s fraction digits', () => {
    expect(formatMoney(123456, 'EUR', { locale: 'en-GB' })).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', { locale: 'de-DE' }).replace(nbsp, ' ')).toBe('1.234,56 €');
    expect(formatMoney(1234, 'JPY', { locale: 'en-US' })).toBe('¥1,234');
    expect(
      formatMoney(1234, 'KWD', { locale: 'en-US', currencyDisplay: 'code' }).replace(nbsp, ' '),
    ).toBe('KWD 1.234');
    expect(formatMoney(2500, 'EUR', { locale: 'en-GB', signDisplay: 'exceptZero' })).toBe(
      '+€25.00',
    );
  });

  it('converts between minor and major units', () => {
    expect(minorToMajor(1999, 'EUR')).toBe(19.99);
    expect(majorToMinor(19.995, 'EUR')).toBe(2000);
    expect(majorToMinor(-0.5, 'EUR')).toBe(-50);
    expect(majorToMinor(12, 'JPY')).toBe(12);
  });

  it('parses typed amounts in the locale’s conventions', () => {
    expect(parseMoney('1.234,5', 'EUR', 'de-DE')).toBe(123450);
    expect(parseMoney('€1,234.56', 'EUR', 'en-GB')).toBe(123456);
    expect(parseMoney('', 'EUR', 'en-GB')).toBeNull();
    expect(parseMoney('abc', 'EUR', 'en-GB')).toBeNull();
    expect(parseMoney('1.2.3', 'EUR', 'en-GB')).toBeNull();
  });

  it('renders the formatted amount with its direction', () => {
    render(<Money amount={-4200} currency="EUR" locale="en-GB" tone="signed" data-testid="m" />);
    expect(screen.getByTestId('m')).toHaveTextContent('-€42.00');
    expect(screen.getByTestId('m')).toHaveAttribute('data-direction', 'negative');
  });
});
