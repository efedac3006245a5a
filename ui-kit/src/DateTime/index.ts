export { DateTime, type DateTimeProps } from './DateTime';
export {
  formatDateTime,
  formatRelativeTime,
  toCalendarDate,
  type DateInput,
  type DateTimeFormat,
  type FormatDateTimeOptions,
} from './formatDateTime';
