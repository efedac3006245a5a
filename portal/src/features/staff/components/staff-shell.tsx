import { AppShell } from '@partner-portal/ui-kit';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { PartnerSearch } from '@/lib/shell/partner-search';
import { HeaderEnd } from '@/lib/shell/header-end';
import { UserMenu } from '@/lib/shell/user-menu';

/** The staff pages, in the order of the navigation (docs/product.md §3a). */
const staffSections = [
  { label: 'Queue', href: paths.staffQueue() },
  { label: 'Partners', href: paths.staffPartners() },
  { label: 'API keys', href: paths.staffApiKeys() },
] as const;

/**
 * The app shell around the staff's pages: their navigation (Queue, Partners, API keys), the partner search
 * that opens any partner's area, and the user menu.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The staff route's loader put the session in the cache before anything renders here.
  const { data: session } = useMe();

  return (
    <AppShell
      brand="Partner Portal"
      navigation={staffSections.map(({ label, href }) => ({
        label,
        href,
        current: pathname === href,
      }))}
      navigationLabel="Staff sections"
      headerEnd={
        session ? (
          <HeaderEnd>
            <PartnerSearch />
            <UserMenu user={session.user} />
          </HeaderEnd>
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
