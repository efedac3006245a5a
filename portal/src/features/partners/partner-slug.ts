/** docs/product.md §2: 3–40 characters of [a-z0-9-], no leading or trailing hyphen. */
const PARTNER_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

export function isPartnerSlug(value: string): boolean {
  return PARTNER_SLUG.test(value);
}
