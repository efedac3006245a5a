import { paths } from '@/config/paths';
import type { PartnerRole } from '@/lib/auth';

/** The sections of a partner's area, in the order of the navigation. */
export const partnerSections = [
  { key: 'overview', label: 'Overview', href: paths.overview },
  { key: 'analytics', label: 'Analytics', href: paths.analytics },
  { key: 'inventory', label: 'Inventory', href: paths.inventory },
  { key: 'claims', label: 'Claims', href: paths.claims },
] as const;

/** The partner's people: in the user menu for everyone, in the navigation for its admins. */
const membersPage = { key: 'members', label: 'Members', href: paths.members } as const;

/**
 * The navigation of a person with `role` in the partner: the four sections, and for an admin the
 * members, where they invite people and manage their roles (docs/product.md §2).
 */
export function navigationSections(role: PartnerRole | undefined) {
  return role === 'admin' ? [...partnerSections, membersPage] : [...partnerSections];
}

/** The person's notification settings of the partner: in the user menu. */
const notificationsPage = {
  key: 'notifications',
  label: 'Notifications',
  href: paths.notificationSettings,
} as const;

/** Every page of a partner a switch of partner keeps: the sections, and those of the user menu. */
const partnerPages = [...partnerSections, membersPage, notificationsPage] as const;

export type PartnerSection = (typeof partnerPages)[number];

/** The section `pathname` is in, for the partner `partnerSlug`; the overview when none matches. */
export function sectionOf(pathname: string, partnerSlug: string): PartnerSection {
  const found = partnerPages.find(({ href }) => {
    const sectionPath = href(partnerSlug);
    return pathname === sectionPath || pathname.startsWith(`${sectionPath}/`);
  });
  return found ?? partnerSections[0];
}

/**
 * The same section of another partner: /acme-outdoor/claims/123 → /northwind/claims. An item or a
 * claim belongs to one partner, so the switch lands on the section's list, not on the same id.
 */
export function switchPartnerPath(pathname: string, fromSlug: string, toSlug: string): string {
  return sectionOf(pathname, fromSlug).href(toSlug);
}
