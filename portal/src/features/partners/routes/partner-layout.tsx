import { Outlet } from 'react-router-dom';

import { usePartnerSlug } from '@/lib/use-partner-slug';

import { usePartner } from '@/lib/partner';
import { PartnerNotFound, PartnerPageNotFound } from '../components/partner-not-found';
import { PartnerShell } from '../components/partner-shell';

export function PartnerLayout() {
  const partnerSlug = usePartnerSlug();
  const { data: partner } = usePartner(partnerSlug);

  return (
    <PartnerShell partner={{ slug: partnerSlug, name: partner?.name ?? partnerSlug }}>
      <Outlet />
    </PartnerShell>
  );
}

/**
 * A partner the person cannot see: a screen inside the app, with the switcher and the user menu to
 * go elsewhere, not the application error page.
 */
export function PartnerNotFoundScreen() {
  return (
    <PartnerShell>
      <PartnerNotFound />
    </PartnerShell>
  );
}

/**
 * A screen of a partner the person sees that answered "not found" (an unknown claim or item): the
 * not-found screen inside the partner's shell, not the bare site 404.
 */
export function PartnerPageNotFoundScreen() {
  const partnerSlug = usePartnerSlug();
  const { data: partner } = usePartner(partnerSlug);

  return (
    <PartnerShell partner={{ slug: partnerSlug, name: partner?.name ?? partnerSlug }}>
      <PartnerPageNotFound partnerSlug={partnerSlug} />
    </PartnerShell>
  );
}
