import {
  PartnerSwitcher as PartnerSwitcherMenu,
  type PartnerSwitcherPartner,
} from '@partner-portal/ui-kit';
import { useLocation } from 'react-router-dom';

import { type Membership, roleLabels } from '@/lib/auth';

import { switchPartnerPath } from '../sections';

export interface PartnerSwitcherProps {
  /** The partner on screen. */
  current: { slug: string; name: string };
  /** The partners the person belongs to. */
  memberships: readonly Membership[];
}

/**
 * The partner on screen, and links to the person's other partners that keep the section: from
 * /acme-outdoor/claims to /northwind/claims. Staff looking at a partner they do not belong to see
 * it listed as the current one.
 */
export function PartnerSwitcher({ current, memberships }: PartnerSwitcherProps) {
  const { pathname } = useLocation();
  const partners: PartnerSwitcherPartner[] = memberships.map(({ partner, role }) => ({
    ...partner,
    role: roleLabels[role],
  }));
  if (!partners.some(({ slug }) => slug === current.slug)) partners.unshift(current);

  return (
    <PartnerSwitcherMenu
      partners={partners}
      currentSlug={current.slug}
      getHref={(slug) => switchPartnerPath(pathname, current.slug, slug)}
      // Not modal: a modal menu locks scrolling with an injected <style> element, which the
      // BFF's Content-Security-Policy (no inline styles) refuses.
      modal={false}
    />
  );
}
