import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  MoneyField,
  Stack,
  Textarea,
  TextField,
} from '@partner-portal/ui-kit';
import { useState, type FormEvent } from 'react';

import { apiFieldErrors, unplacedApiErrors, type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { DISPLAY_LOCALE } from '@/lib/format';
import { useFieldProblems } from '@/lib/form-problems';

import type { Claim } from '../api/get-claim';
import { useTransitionClaim, type ClaimAction } from '../api/transition-claim';

import { actionCopy } from './action-copy';
import { StaleClaimAlert } from './stale-claim-alert';

const TRANSITION_FIELDS = ['message', 'amountApproved', 'payoutReference'] as const;
type TransitionField = (typeof TRANSITION_FIELDS)[number];

/** The screen's words for the refusals a field does not show (the 412 has its own alert). */
export const transitionMessages: ApiErrorMessages = {
  byStatus: {
    403: 'You may not do this: your role in this partner has changed.',
    404: 'This claim no longer exists.',
    409: (error) =>
      error.code === 'transition_not_allowed'
        ? 'This is no longer possible from the claim’s current status. The page shows what is.'
        : (error.detail ?? 'This conflicts with the claim’s current state.'),
    412: null,
    422: (error) =>
      error.code === 'claim_incomplete'
        ? `The claim is not complete yet: ${error.errors.map(({ message }) => message).join(' ')}`
        : (error.detail ?? 'This claim cannot do that yet.'),
    428: 'The change did not say which version it was based on. Reload the page and try again.',
  },
};

export interface ActionDialogProps {
  partnerSlug: string;
  claim: Claim;
  action: ClaimAction;
  onClose: () => void;
}

/**
 * One action's dialog: the message, amount or payout reference it needs, sent with the version on
 * screen. It stays open on a refusal, with what was typed, so a 412 or a field's problem is fixed
 * and sent again, never overwritten silently.
 */
export function ActionDialog({ partnerSlug, claim, action, onClose }: ActionDialogProps) {
  const copy = actionCopy[action];
  const transition = useTransitionClaim(partnerSlug, claim.id);
  const form = useFieldProblems(TRANSITION_FIELDS);
  const [message, setMessage] = useState('');
  // A second approval completes the first: at most its amount (docs/product.md §3a).
  const approvable = claim.pendingApproval?.amountApproved.amount ?? claim.amountClaimed.amount;
  const [amount, setAmount] = useState<number | null>(approvable);
  const [payoutReference, setPayoutReference] = useState('');
  // After a 412 the claim on screen is the current one; the action may not be open any more.
  const stillAllowed = claim.allowedActions.includes(action);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transition.isPending || !stillAllowed) return;
    const found: Partial<Record<TransitionField, string>> = {};
    if (copy.message?.required && message.trim() === '') found.message = 'Write a message.';
    if (action === 'approve') {
      if (amount === null || amount < 1) found.amountApproved = 'Enter the approved amount.';
      else if (amount > approvable) {
        found.amountApproved =
          claim.pendingApproval == null
            ? 'At most the claimed amount.'
            : 'At most the amount of the first approval.';
      }
    }
    if (action === 'mark_paid' && payoutReference.trim() === '') {
      found.payoutReference = 'Enter the payout’s reference.';
    }
    if (!form.check(found)) return;
    transition.mutate(
      {
        version: claim.version,
        body: {
          action,
          ...(message.trim() === '' ? {} : { message: message.trim() }),
          ...(action === 'approve' && amount !== null ? { amountApproved: amount } : {}),
          ...(action === 'mark_paid' ? { payoutReference: payoutReference.trim() } : {}),
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const problems = apiFieldErrors(error, TRANSITION_FIELDS);
          form.setProblems(problems);
          const first = TRANSITION_FIELDS.find((field) => problems[field] !== undefined);
          if (first !== undefined) form.focus(first);
        },
      },
    );
  };

  const unplaced = unplacedApiErrors(transition.error, TRANSITION_FIELDS);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !transition.isPending) onClose();
      }}
      title={copy.title}
      description={copy.description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={transition.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            form={`claim-action-${action}`}
            variant={copy.tone === 'danger' ? 'danger' : 'primary'}
            loading={transition.isPending}
            disabled={!stillAllowed}
          >
            {copy.confirm}
          </Button>
        </>
      }
    >
      <form id={`claim-action-${action}`} noValidate onSubmit={submit} aria-label={copy.title}>
        <Stack gap={4}>
          <StaleClaimAlert error={transition.error} />
          {!stillAllowed ? (
            <Alert tone="info">
              This is not possible from the claim’s current status any more.
            </Alert>
          ) : null}
          {unplaced !== undefined ? (
            <Alert tone="danger" announce>
              {unplaced}
            </Alert>
          ) : (
            <ApiProblemAlert error={transition.error} messages={transitionMessages} />
          )}
          {action === 'approve' ? (
            <MoneyField
              ref={form.fieldRef('amountApproved')}
              label="Approved amount"
              currency={claim.amountClaimed.currency}
              locale={DISPLAY_LOCALE}
              min={1}
              max={approvable}
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                form.clearProblem('amountApproved');
              }}
              hint="Less than the claimed amount approves it in part."
              error={form.problems.amountApproved}
            />
          ) : null}
          {action === 'mark_paid' ? (
            <TextField
              ref={form.fieldRef('payoutReference')}
              label="Payout reference"
              maxLength={200}
              value={payoutReference}
              onChange={(event) => {
                setPayoutReference(event.target.value);
                form.clearProblem('payoutReference');
              }}
              error={form.problems.payoutReference}
            />
          ) : null}
          {copy.message !== undefined ? (
            <Textarea
              ref={form.fieldRef('message')}
              label={copy.message.label}
              rows={4}
              maxLength={5000}
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                form.clearProblem('message');
              }}
              error={form.problems.message}
            />
          ) : null}
        </Stack>
      </form>
    </Dialog>
  );
}
