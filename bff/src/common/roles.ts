/** A member's role in a partner (docs/product.md §2): what auth's session, partners and claims speak of. */
export const MEMBERSHIP_ROLES = ['viewer', 'manager', 'admin'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
