import { AppShell } from '@partner-portal/ui-kit';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { useMe } from '@/lib/auth';

import { partnerSections } from '../sections';

import { PartnerSwitcher } from './partner-switcher';
import { RouterLink } from '@/lib/router-link';
import styles from './shell.module.css';
import { UserMenu } from './user-menu';

export interface PartnerShellProps {
  /** The partner on screen: its slug, its name once known. */
  partner: { slug: string; name?: string };
  /** Whether the partner's sections can be navigated (not for a partner that was not found). */
  withNavigation?: boolean;
  children: ReactNode;
}

/** The app shell around every partner screen: navigation, partner switcher, user menu. */
export function PartnerShell({ partner, withNavigation = true, children }: PartnerShellProps) {
  const { pathname } = useLocation();
  // The partner route's loader put the session in the cache before anything renders here.
  const { data: session } = useMe();

  const navigation = withNavigation
    ? partnerSections.map(({ label, href }) => {
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
      linkComponent={RouterLink}
      headerEnd={
        session ? (
          <div className={styles.headerEnd}>
            <PartnerSwitcher current={partner} memberships={session.memberships} />
            <UserMenu user={session.user} />
          </div>
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
