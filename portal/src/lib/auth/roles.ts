import { useMe } from './me';
import type { Membership, Session } from './me';

export type PartnerRole = Membership['role'];

/** How a role reads on screen. */
export const roleLabels: Record<PartnerRole, string> = {
  viewer: 'Viewer',
  manager: 'Manager',
  admin: 'Admin',
};

/** The person's role in a partner, from the session's memberships; none for staff who are not members. */
export function partnerRole(session: Session, partnerSlug: string): PartnerRole | undefined {
  return session.memberships.find(({ partner }) => partner.slug === partnerSlug)?.role;
}

/**
 * Whether a role may change the partner's data (set a reorder point, file a claim): managers and
 * admins (docs/product.md §2). Staff who are not members only read here; the BFF is the check.
 */
export const canManage = (role: PartnerRole | undefined): boolean =>
  role === 'manager' || role === 'admin';

/** The signed-in person's role in the partner on screen (the loader put the session in the cache). */
export function usePartnerRole(partnerSlug: string): PartnerRole | undefined {
  const { data: session } = useMe();
  return session === undefined ? undefined : partnerRole(session, partnerSlug);
}
