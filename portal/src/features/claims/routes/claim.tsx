import { Breadcrumbs, Inline, PageHeader } from '@partner-portal/ui-kit';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { canManage, useMe, usePartnerRole } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { TimeZoneNote } from '@/lib/partner-time';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { useClaim } from '../api/get-claim';
import { ClaimActions } from '../components/claim-actions';
import { ClaimEvidence } from '../components/claim-evidence';
import { ClaimStatusPill } from '@/lib/claim-status';
import { ClaimSummary } from '../components/claim-summary';
import { ClaimTimeline } from '../components/claim-timeline';
import { InfoRequestedAlert } from '../components/info-requested-alert';
import { claimTypeLabels } from '../components/labels';

import styles from '../components/claim-page.module.css';

export { createClaimLoader } from '../api/get-claim';

// Staff alone load their side of the claim (docs/product.md §3a).
const StaffClaimPanel = lazy(async () => ({
  default: (await import('../components/staff-claim-panel')).StaffClaimPanel,
}));
const StaffClaimContext = lazy(async () => ({
  default: (await import('../components/staff-claim-panel')).StaffClaimContext,
}));

// Only those who edit a draft load its form, once they start.
const ClaimEditForm = lazy(async () => ({
  default: (await import('../components/claim-edit-form')).ClaimEditForm,
}));

/**
 * One claim (docs/product.md §3); for staff also its assignee, the queue's navigation, a pending
 * approval, the item's other claims and internal notes (§3a). its fields and amounts, its status with the actions the person
 * may take now (the claim's `allowedActions`, nothing else), its evidence and its timeline; a draft
 * is edited in place. The route's loader has the claim in the cache, or showed the not-found screen.
 */
export function ClaimRoute() {
  const partnerSlug = usePartnerSlug();
  const { claimId = '' } = useParams();
  const navigate = useNavigate();
  const { data: claim } = useClaim(partnerSlug, claimId);
  const role = usePartnerRole(partnerSlug);
  const { data: session } = useMe();
  const [editing, setEditing] = useState(false);
  const [deleted, setDeleted] = useState(false);
  useDocumentTitle(claim?.number ?? 'Claim', 'Claims', partnerSlug);

  if (claim === undefined) return null;
  const staffId = session?.user.isStaff === true ? session.user.id : undefined;
  const canComment = canManage(role) || staffId !== undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title={`Claim ${claim.number}`}
        breadcrumbs={
          <Breadcrumbs
            items={[{ label: 'Claims', href: paths.claims(partnerSlug) }, { label: claim.number }]}
          />
        }
        description={
          <Inline gap={2} align="center">
            <ClaimStatusPill status={claim.status} partiallyApproved={claim.partiallyApproved} />
            <span>
              {claimTypeLabels[claim.type]}
              {claim.item === null ? '' : ` · ${claim.item.sku}`}
            </span>
          </Inline>
        }
        actions={
          deleted ? undefined : (
            <ClaimActions
              partnerSlug={partnerSlug}
              claim={claim}
              editing={editing}
              onEdit={() => setEditing(true)}
              onDeleted={() => {
                setDeleted(true);
                void navigate(paths.claims(partnerSlug), { replace: true });
              }}
            />
          )
        }
      />

      {staffId === undefined ? null : (
        <Suspense fallback={null}>
          <StaffClaimPanel partnerSlug={partnerSlug} claim={claim} userId={staffId} />
        </Suspense>
      )}

      <InfoRequestedAlert partnerSlug={partnerSlug} claim={claim} />

      {editing ? (
        <Suspense fallback={null}>
          <ClaimEditForm
            partnerSlug={partnerSlug}
            claim={claim}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}

      <ClaimSummary partnerSlug={partnerSlug} claim={claim} />

      {staffId === undefined ? null : (
        <Suspense fallback={null}>
          <StaffClaimContext partnerSlug={partnerSlug} claim={claim} />
        </Suspense>
      )}

      <section aria-labelledby="evidence-heading" className={styles.section}>
        <h2 id="evidence-heading" className={styles.heading}>
          Evidence
        </h2>
        <ClaimEvidence partnerSlug={partnerSlug} claim={claim} />
      </section>

      <section aria-labelledby="timeline-heading" className={styles.section}>
        <h2 id="timeline-heading" className={styles.heading}>
          Timeline
        </h2>
        <TimeZoneNote />
        <ClaimTimeline
          partnerSlug={partnerSlug}
          claimId={claim.id}
          canComment={canComment}
          staff={staffId !== undefined}
        />
      </section>
    </div>
  );
}
