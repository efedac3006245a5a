/** A claim's number as people see it (docs/api.md, Claim): `CLM-` and at least six digits. */
export function formatClaimNumber(number: number): string {
  return `CLM-${String(number).padStart(6, '0')}`;
}

/**
 * The claim number a search text names, if it names one (`CLM-000123`, `clm-123`, `000123`, `123`);
 * undefined otherwise. Numbers beyond int4 name no claim.
 */
export function parseClaimNumber(text: string): number | undefined {
  const match = /^(?:CLM-?)?(\d{1,10})$/i.exec(text.trim());
  if (match?.[1] === undefined) return undefined;
  const number = Number(match[1]);
  return number >= 1 && number <= 2_147_483_647 ? number : undefined;
}
