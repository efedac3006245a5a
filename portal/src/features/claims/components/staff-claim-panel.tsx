import {
  addDays,
  Alert,
  Button,
  Card,
  DescriptionList,
  Inline,
  Link,
  LinkButton,
  Money,
  Select,
} from '@partner-portal/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { ClaimStatusPill } from '@/lib/claim-status';
import { DISPLAY_LOCALE, formatAmount, formatCount } from '@/lib/format';
import { PartnerDateTime, usePartnerToday } from '@/lib/partner-time';
import { useAssignClaims } from '@/lib/staff/assignee';
import { nextInQueueQueryOptions } from '@/lib/staff/review-queue';
import { useStaffUsers } from '@/lib/staff/staff-users';

import type { Claim } from '../api/get-claim';
import { useClaimFacets } from '../api/get-claim-facets';
import { useClaims } from '../api/get-claims';

import styles from './claim-page.module.css';

export interface StaffClaimProps {
  partnerSlug: string;
  claim: Claim;
  /** The staff member signed in. */
  userId: string;
}

/**
 * "Back to queue" and "Next in queue", under the filters of the queue the claim was opened from
 * (`?queue=`, its list state); from elsewhere, the whole queue in its default order.
 */
function QueueNavigation({ claimId }: { claimId: string }) {
  const [params] = useSearchParams();
  const queueSearch = params.get('queue') ?? '';
  const next = useQuery(nextInQueueQueryOptions(queueSearch, claimId));
  const nextClaim = next.data ?? null;
  return (
    <nav aria-label="Review queue" className={styles.actions}>
      <LinkButton href={paths.staffQueue(queueSearch)} variant="secondary" size="sm">
        Back to queue
      </LinkButton>
      {nextClaim === null ? (
        <Button variant="secondary" size="sm" disabled loading={next.isPending}>
          {next.isPending ? 'Next in queue' : 'Nothing else in the queue'}
        </Button>
      ) : (
        <LinkButton
          href={paths.claimFromQueue(nextClaim.partner.slug, nextClaim.id, queueSearch)}
          variant="secondary"
          size="sm"
          aria-label={`Next in queue: ${nextClaim.number}`}
        >
          Next in queue
        </LinkButton>
      )}
    </nav>
  );
}

/**
 * Another staff member to give the claim to (docs/product.md §3a): the active staff users
 * (GET /api/staff/users) in a native select, which the keyboard works as everywhere, and a button
 * that assigns; a choice alone changes nothing.
 */
function AssignToOther({
  assigneeId,
  userId,
  pending,
  onAssign,
}: {
  assigneeId: string | null;
  userId: string;
  pending: boolean;
  onAssign: (userId: string) => void;
}) {
  const staff = useStaffUsers();
  const [chosen, setChosen] = useState('');
  const others = (staff.data?.items ?? []).filter(({ id }) => id !== assigneeId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen === '' || pending) return;
    onAssign(chosen);
    setChosen('');
  };
  if (staff.isError) return <ApiProblemAlert error={staff.error} />;
  return (
    <form aria-label="Assign to a staff member" className={styles.assignForm} onSubmit={submit}>
      <Select
        label="Assign to"
        hideLabel
        size="sm"
        placeholder={staff.isPending ? 'Loading staff…' : 'Another staff member…'}
        disabled={staff.isPending || others.length === 0}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        options={others.map(({ id, name, email }) => ({
          value: id,
          label: id === userId ? `${name} (you)` : `${name} (${email})`,
        }))}
      />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={chosen === ''}
        loading={pending}
      >
        Assign
      </Button>
    </form>
  );
}

/** Who works the claim: assign it to oneself or to another staff member, or unassign it. */
function Assignee({ partnerSlug, claim, userId }: StaffClaimProps) {
  const assign = useAssignClaims();
  const assignee = claim.assignee ?? null;
  const mine = assignee !== null && assignee.id === userId;
  const to = (target: string | null) =>
    assign.mutate([{ partnerSlug, claimId: claim.id, userId: target }]);
  const failure = assign.data?.find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );

  return (
    <div className={styles.staffFacts}>
      <span>
        <span className={styles.muted}>Assignee: </span>
        <strong>
          {assignee === null ? 'Unassigned' : mine ? `You (${assignee.name})` : assignee.name}
        </strong>
      </span>
      <Inline gap={2}>
        {mine ? null : (
          <Button size="sm" loading={assign.isPending} onClick={() => to(userId)}>
            Assign to me
          </Button>
        )}
        {assignee === null ? null : (
          <Button size="sm" variant="secondary" loading={assign.isPending} onClick={() => to(null)}>
            Unassign
          </Button>
        )}
      </Inline>
      <AssignToOther
        assigneeId={assignee?.id ?? null}
        userId={userId}
        pending={assign.isPending}
        onAssign={to}
      />
      {claim.waitingSince == null ? null : (
        <span>
          <span className={styles.muted}>Waiting since </span>
          <PartnerDateTime value={claim.waitingSince} format="datetime" />
        </span>
      )}
      {failure === undefined ? null : <ApiProblemAlert error={failure.reason} />}
    </div>
  );
}

/**
 * A first approval above the second-approval threshold, waiting for another staff member
 * (docs/product.md §3a). Whether this person may complete it is the claim's `allowedActions`' to
 * say (the Approve button); the words only tell what is pending.
 */
export function PendingApprovalAlert({ claim, userId }: { claim: Claim; userId: string }) {
  const pending = claim.pendingApproval ?? null;
  if (pending === null) return null;
  const byMe = pending.by?.id === userId;
  return (
    <Alert tone="info" title="Waiting for a second approval">
      Approved {formatAmount(pending.amountApproved)} by{' '}
      {byMe ? 'you' : (pending.by?.name ?? 'a removed account')}, waiting for a second approval
      {byMe ? ' by another staff member.' : '.'}
    </Alert>
  );
}

/** The other claims of the claim's item, newest first (the first page): is this a pattern? */
function OtherClaims({ partnerSlug, claim }: { partnerSlug: string; claim: Claim }) {
  const itemId = claim.item?.id;
  const claims = useClaims(partnerSlug, { sort: '-createdAt', itemId });
  if (itemId === undefined) return null;
  const others = (claims.data?.items ?? []).filter(({ id }) => id !== claim.id);
  return (
    <Card title="The item's other claims" headingLevel={2}>
      {claims.isPending ? (
        <span className={styles.muted}>Loading…</span>
      ) : claims.isError ? (
        <ApiProblemAlert error={claims.error} />
      ) : others.length === 0 ? (
        <span className={styles.muted}>No other claim on this item.</span>
      ) : (
        <ul className={styles.otherClaims} aria-label="The item's other claims">
          {others.map((other) => (
            <li key={other.id}>
              <Link href={paths.claim(partnerSlug, other.id)}>{other.number}</Link>
              <ClaimStatusPill status={other.status} partiallyApproved={other.partiallyApproved} />
              <Money
                amount={other.amountClaimed.amount}
                currency={other.amountClaimed.currency}
                locale={DISPLAY_LOCALE}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The staff's side of a claim (docs/product.md §3a): the queue's navigation, the assignee, the
 * pending approval and the item's other claims. The movement the claim stands for is in the
 * summary, beside the incident date, for everyone.
 */
export function StaffClaimPanel({ partnerSlug, claim, userId }: StaffClaimProps) {
  return (
    <>
      <section aria-label="Staff" className={styles.staffBar}>
        <Assignee partnerSlug={partnerSlug} claim={claim} userId={userId} />
        <QueueNavigation claimId={claim.id} />
      </section>
      <PendingApprovalAlert claim={claim} userId={userId} />
    </>
  );
}

/**
 * The partner's record over the last 12 months (docs/product.md §3a): the claims it filed (every
 * claim filed in the period but drafts) and its approval rate (approved or paid, of those decided),
 * from the claims' status counts for claims filed in the period (GET …/claims/facets?from&to).
 */
function PartnerRecord({ partnerSlug }: { partnerSlug: string }) {
  const today = usePartnerToday(partnerSlug);
  const facets = useClaimFacets(partnerSlug, { from: addDays(today, -365), to: today });
  const count = (status: string) =>
    facets.data?.statuses.find(({ value }) => value === status)?.count ?? 0;
  const filed = (facets.data?.statuses ?? [])
    .filter(({ value }) => value !== 'draft')
    .reduce((sum, { count: each }) => sum + each, 0);
  const approved = count('approved') + count('paid');
  const decided = approved + count('rejected');
  const rate = decided === 0 ? '—' : `${Math.round((approved / decided) * 100)} %`;
  return (
    <Card title="The partner's record, 12 months" headingLevel={2}>
      {facets.isError ? (
        <ApiProblemAlert error={facets.error} />
      ) : (
        <DescriptionList
          items={[
            {
              term: 'Claims filed',
              description: facets.data === undefined ? '…' : formatCount(filed),
            },
            {
              term: 'Approval rate',
              description:
                facets.data === undefined
                  ? '…'
                  : decided === 0
                    ? 'No decision yet'
                    : `${rate} of ${formatCount(decided)} decided`,
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The claim's context for staff: the item's other claims and the partner's record, side by side. */
export function StaffClaimContext({ partnerSlug, claim }: { partnerSlug: string; claim: Claim }) {
  return (
    <div className={styles.cards}>
      <OtherClaims partnerSlug={partnerSlug} claim={claim} />
      <PartnerRecord partnerSlug={partnerSlug} />
    </div>
  );
}
