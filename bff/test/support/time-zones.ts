/**
 * Time zones for property tests: far apart, with and without daylight saving, whole and odd offsets
 * (a partner's day and its 08:00 differ in each).
 */
export const PROPERTY_TIME_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
] as const;
