import { AppShell, Button } from '@partner-portal/ui-kit';
import { data, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router-dom';

import { paths } from '@/config/paths';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { RouterLink } from '../components/router-link';
import { isPartnerSlug } from '../partner-slug';

import styles from './partner-layout.module.css';

/** A path that cannot be a partner's slug is not found, before any request is made. */
export function partnerLoader({ params }: LoaderFunctionArgs) {
  if (!isPartnerSlug(params.partnerSlug ?? '')) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return null;
}

const sections = [
  { label: 'Overview', href: paths.overview },
  { label: 'Analytics', href: paths.analytics },
  { label: 'Inventory', href: paths.inventory },
  { label: 'Claims', href: paths.claims },
] as const;

/** The app shell around every partner screen: navigation, partner switcher, user menu. */
export function PartnerLayout() {
  const partnerSlug = usePartnerSlug();
  const { pathname } = useLocation();

  const navigation = sections.map(({ label, href }) => {
    const sectionPath = href(partnerSlug);
    return {
      label,
      href: sectionPath,
      current: pathname === sectionPath || pathname.startsWith(`${sectionPath}/`),
    };
  });

  return (
    <AppShell
      brand="Partner Portal"
      navigation={navigation}
      navigationLabel="Partner sections"
      linkComponent={RouterLink}
      headerEnd={
        <div className={styles.headerEnd}>
          {/* The switcher lists the user's partners once identity lands; until then it names this one. */}
          <span className={styles.partner}>{partnerSlug}</span>
          <Button variant="ghost" size="sm">
            Account
          </Button>
        </div>
      }
    >
      <Outlet />
    </AppShell>
  );
}
