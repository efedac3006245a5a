import { AppShell } from '@partner-portal/ui-kit';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';
import { partnerRole, useMe } from '@/lib/auth';
import { HeaderEnd } from '@/lib/shell/header-end';
import { UserMenu } from '@/lib/shell/user-menu';

import { navigationSections } from '../sections';

// Staff alone search every partner: its code (a dialog, a combobox) loads for them only.
const PartnerSearch = lazy(async () => ({
  default: (await import('@/lib/shell/partner-search')).PartnerSearch,
}));

import { PartnerSwitcher } from './partner-switcher';

export interface PartnerShellProps {
  /** The partner on screen; none for a partner that was not found (no sections, no switcher). */
  partner?: { slug: string; name: string };
  children: ReactNode;
}

/** The app shell around every partner screen: navigation, partner switcher, user menu. */
export function PartnerShell({ partner, children }: PartnerShellProps) {
  const { pathname } = useLocation();
  // The partner route's loader put the session in the cache before anything renders here.
  const { data: session } = useMe();

  const role = partner && session ? partnerRole(session, partner.slug) : undefined;
  const isAdmin = role === 'admin';
  const navigation = partner
    ? navigationSections(role).map(({ label, href }) => {
        const sectionPath = href(partner.slug);
        return {
          label,
          href: sectionPath,
          current: pathname === sectionPath || pathname.startsWith(`${sectionPath}/`),
        };
      })
    : [];

  return (
    <AppShell
      brand="Partner Portal"
      navigation={navigation}
      navigationLabel="Partner sections"
      headerEnd={
        session ? (
          <HeaderEnd>
            {partner ? (
              <PartnerSwitcher current={partner} memberships={session.memberships} />
            ) : null}
            {/* Staff open any partner: a search of them all (docs/product.md §3a). */}
            {session.user.isStaff ? (
              <Suspense fallback={null}>
                <PartnerSearch />
              </Suspense>
            ) : null}
            <UserMenu
              user={session.user}
              membersHref={partner ? paths.members(partner.slug) : undefined}
              // A person's own settings of a partner they belong to (staff visiting one have none).
              notificationsHref={
                partner &&
                session.memberships.some((membership) => membership.partner.slug === partner.slug)
                  ? paths.notificationSettings(partner.slug)
                  : undefined
              }
              // The partner's integrations, for its admins (docs/product.md §3b).
              apiKeysHref={isAdmin && partner ? paths.apiKeys(partner.slug) : undefined}
              webhooksHref={isAdmin && partner ? paths.webhooks(partner.slug) : undefined}
            />
          </HeaderEnd>
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
