/** A space-separated id list for `aria-describedby` and friends, or undefined when empty. */
export function joinIds(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
