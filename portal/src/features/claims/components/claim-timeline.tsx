import {
  Badge,
  Button,
  claimStatusTones,
  ErrorState,
  Inline,
  majorToMinor,
  Money,
  Skeleton,
  Stack,
  Textarea,
  Timeline,
  type TimelineItem,
} from '@partner-portal/ui-kit';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';

import { apiFieldErrors } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { describeApiError } from '@/lib/api-errors';
import { DISPLAY_LOCALE, formatAmount } from '@/lib/format';
import { PartnerDateTime } from '@/lib/partner-time';

import { useAddClaimComment } from '../api/add-claim-comment';
import { useClaimEvents, type ClaimEvent } from '../api/get-claim-events';

import styles from './claim-page.module.css';

// Staff alone write internal notes: the switch is loaded for them only.
const InternalNoteSwitch = lazy(async () => ({
  default: (await import('./internal-note-switch')).InternalNoteSwitch,
}));

/** The timeline's title of a transition, by the status it moved to. */
const transitionTitles: Record<string, string> = {
  submitted: 'Submitted',
  in_review: 'Review started',
  info_requested: 'Info requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Marked paid',
  withdrawn: 'Withdrawn',
};
/**
 * The head of a first approval's body as the BFF writes it (docs/api.md, The second approval):
 * `First approval of 1250.00 EUR: a second staff member completes it (…).`, then the message.
 */
const FIRST_APPROVAL = /^First approval of (\d+(?:\.\d+)?) ([A-Z]{3})\b[^\n]*(?:\n+([\s\S]*))?$/;

/** A first approval's amount (minor units) and message, read from its body; undefined if unlike it. */
function firstApprovalOf(
  body: string | null,
): { amount: number; currency: string; message: string | null } | undefined {
  const match = body === null ? null : FIRST_APPROVAL.exec(body);
  if (match === null) return undefined;
  const [, major = '', currency = '', message] = match;
  return {
    amount: majorToMinor(Number(major), currency),
    currency,
    message: message === undefined || message.trim() === '' ? null : message,
  };
}

const actorName = (event: ClaimEvent) => event.actor?.name ?? 'a removed account';

/** What an event says in the timeline. */
function titleOf(event: ClaimEvent): string {
  switch (event.kind) {
    case 'internal_note':
      return 'Internal note';
    case 'assignment':
      // Its body names the assignee, or says `Unassigned` (docs/api.md, ClaimEvent).
      return event.body === null || event.body === 'Unassigned'
        ? 'Unassigned'
        : `Assigned to ${event.body}`;
    case 'approval_requested': {
      const approval = firstApprovalOf(event.body);
      return approval === undefined
        ? `Approval requested by ${actorName(event)}`
        : `Approval of ${formatAmount(approval)} requested by ${actorName(event)}`;
    }
    case 'created':
      return 'Draft created';
    case 'edit':
      return 'Edited';
    case 'comment':
      return 'Comment';
    case 'attachment':
      return 'Evidence added';
    case 'transition':
      if (event.fromStatus === 'info_requested' && event.toStatus === 'in_review') {
        return 'Answered';
      }
      return (
        (event.toStatus === null ? undefined : transitionTitles[event.toStatus]) ?? 'Status changed'
      );
    default:
      return 'Event';
  }
}

/** The approval's amount and the payment's reference, said in the event (docs/api.md, ClaimEvent). */
function factsOf(event: ClaimEvent): ReactNode {
  if (event.amountApproved !== null) {
    return (
      <>
        Amount approved:{' '}
        <Money
          amount={event.amountApproved.amount}
          currency={event.amountApproved.currency}
          locale={DISPLAY_LOCALE}
        />
      </>
    );
  }
  if (event.payoutReference !== null) return `Payout reference: ${event.payoutReference}`;
  return null;
}

/** What an event's body says beside its title (an assignment's and an approval's are in the title). */
function textOf(event: ClaimEvent): string | null {
  switch (event.kind) {
    case 'assignment':
      return null;
    case 'approval_requested': {
      const approval = firstApprovalOf(event.body);
      return approval === undefined ? event.body : approval.message;
    }
    case 'edit':
      return event.body === null || event.body === '' ? null : `Changed: ${event.body}`;
    default:
      return event.body;
  }
}

function bodyOf(event: ClaimEvent): ReactNode {
  const facts = factsOf(event);
  const said = textOf(event);
  const text = said === null || said === '' ? null : <span className={styles.prewrap}>{said}</span>;
  if (facts === null) return text ?? undefined;
  return (
    <Stack gap={1}>
      <span>{facts}</span>
      {text}
    </Stack>
  );
}

/**
 * A timeline entry. A staff-only event is set apart: a "Staff only" badge beside its title, a
 * marker of its own colour and its text framed apart, so nobody takes it for what the partner reads.
 */
const itemOf = (event: ClaimEvent): TimelineItem => {
  // A staff-only event (docs/api.md, ClaimEvent), which the BFF sends to staff alone.
  const internal = event.internal;
  const body = bodyOf(event);
  return {
    id: event.id,
    title: internal ? (
      <span className={styles.internalTitle}>
        {titleOf(event)} <Badge tone="purple">Staff only</Badge>
      </span>
    ) : (
      titleOf(event)
    ),
    timestamp: <PartnerDateTime value={event.at} format="datetime" />,
    actor: actorName(event),
    body: internal && body !== undefined ? <div className={styles.internalBody}>{body}</div> : body,
    variant: event.kind === 'comment' || event.kind === 'internal_note' ? 'comment' : 'event',
    tone: internal
      ? 'purple'
      : event.kind === 'transition' && event.toStatus !== null
        ? claimStatusTones[event.toStatus]
        : undefined,
  };
};

const COMMENT_FIELDS = ['body'] as const;

function CommentForm({
  partnerSlug,
  claimId,
  staff,
}: {
  partnerSlug: string;
  claimId: string;
  staff: boolean;
}) {
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [problem, setProblem] = useState<string>();
  const comment = useAddClaimComment(partnerSlug, claimId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (comment.isPending) return;
    if (text.trim() === '') {
      setProblem('Write a comment.');
      return;
    }
    comment.mutate(
      { body: text.trim(), internal: staff && internal },
      {
        onSuccess: () => setText(''),
        onError: (error) => setProblem(apiFieldErrors(error, COMMENT_FIELDS).body),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a comment"
      className={internal ? styles.internalForm : undefined}
    >
      <Stack gap={2}>
        {problem === undefined ? <ApiProblemAlert error={comment.error} /> : null}
        {staff ? (
          <Suspense fallback={null}>
            <InternalNoteSwitch checked={internal} onCheckedChange={setInternal} />
          </Suspense>
        ) : null}
        <Textarea
          label={internal ? 'Internal note' : 'Comment'}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
          error={problem}
        />
        <Inline gap={2}>
          <Button type="submit" size="sm" loading={comment.isPending}>
            {internal ? 'Add internal note' : 'Add comment'}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

export interface ClaimTimelineProps {
  partnerSlug: string;
  claimId: string;
  /** Managers, admins and staff comment (docs/product.md §2); viewers read. */
  canComment: boolean;
  /** Staff may write an internal note instead (docs/product.md §3a). */
  staff?: boolean;
}

/** One page of the timeline; the last page read offers the next, when there is one. */
function EventsPage({
  partnerSlug,
  claimId,
  cursor,
  onMore,
}: {
  partnerSlug: string;
  claimId: string;
  cursor: string | undefined;
  /** Called with the next page's cursor; undefined once that page is shown. */
  onMore: ((cursor: string) => void) | undefined;
}) {
  const events = useClaimEvents(partnerSlug, claimId, cursor);
  if (events.isPending) return <Skeleton height="6rem" />;
  if (events.isError) {
    return (
      <ErrorState
        title="We couldn't load the timeline"
        description={describeApiError(events.error)?.message}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  }
  const next = events.data.nextCursor;
  return (
    <>
      <Timeline
        aria-label={cursor === undefined ? 'Claim history' : 'Claim history, later events'}
        items={events.data.items.map(itemOf)}
      />
      {next !== null && onMore !== undefined ? (
        <Inline gap={2}>
          <Button variant="secondary" size="sm" onClick={() => onMore(next)}>
            Show later events
          </Button>
        </Inline>
      ) : null}
    </>
  );
}

/** Every event of the claim, oldest first, and the comment box for those who may comment. */
export function ClaimTimeline({
  partnerSlug,
  claimId,
  canComment,
  staff = false,
}: ClaimTimelineProps) {
  // The cursors of the pages read beyond the first, in order.
  const [later, setLater] = useState<string[]>([]);
  const cursors = [undefined, ...later];

  return (
    <Stack gap={4}>
      {cursors.map((cursor, index) => (
        <EventsPage
          key={cursor ?? 'first'}
          partnerSlug={partnerSlug}
          claimId={claimId}
          cursor={cursor}
          onMore={
            index === cursors.length - 1
              ? (next) => setLater((current) => [...current, next])
              : undefined
          }
        />
      ))}
      {canComment ? (
        <CommentForm partnerSlug={partnerSlug} claimId={claimId} staff={staff} />
      ) : null}
    </Stack>
  );
}
