import type { ComponentPropsWithRef } from 'react';
import { cx } from '../internal/cx';
import { formatMoney, type FormatMoneyOptions } from './formatMoney';
import styles from './Money.module.css';

export interface MoneyProps
  extends Omit<ComponentPropsWithRef<'span'>, 'children'>, FormatMoneyOptions {
  /** The amount in integer minor units (cents), as the API sends it. */
  amount: number;
  /** ISO 4217 currency code, e.g. "EUR". */
  currency: string;
  /** Colours gains green and losses red (for deltas); the sign is always in the text too. */
  tone?: 'neutral' | 'signed';
}

/** An amount of money formatted for the locale, in tabular figures so columns line up. */
export function Money({
  amount,
  currency,
  locale,
  signDisplay,
  compact,
  currencyDisplay,
  tone = 'neutral',
  className,
  ...rest
}: MoneyProps) {
  const direction = amount > 0 ? 'positive' : amount < 0 ? 'negative' : 'zero';
  return (
    <span
      className={cx(styles.root, className)}
      data-tone={tone}
      data-direction={direction}
      {...rest}
    >
      {formatMoney(amount, currency, { locale, signDisplay, compact, currencyDisplay })}
    </span>
  );
}
