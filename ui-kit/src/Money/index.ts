export { Money, type MoneyProps } from './Money';
export {
  formatMoney,
  majorToMinor,
  minorToMajor,
  parseMoney,
  type FormatMoneyOptions,
} from './formatMoney';
