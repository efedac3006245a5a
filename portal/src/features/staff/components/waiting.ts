/** Whole days between `since` and `now`: how long a claim has waited for the network. */
export function daysWaited(since: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 86_400_000));
}

/** "Waited 1 day", "12 days". */
export const formatDays = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;
