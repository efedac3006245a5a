import { Alert, Button, Card, Inline, Stack } from '@partner-portal/ui-kit';
import { useState, type FormEvent } from 'react';

import { apiFieldErrors, unplacedApiErrors, type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useFieldProblems } from '@/lib/form-problems';
import { usePartnerToday } from '@/lib/partner-time';

import type { Claim } from '../api/get-claim';
import { useUpdateClaim } from '../api/update-claim';

import { CLAIM_FIELDS, changedFields, checkDraft, draftBody, type ClaimDraft } from './claim-draft';
import { ClaimFields } from './claim-fields';
import { StaleClaimAlert } from './stale-claim-alert';

const saveMessages: ApiErrorMessages = {
  byStatus: {
    403: 'You can no longer edit this claim: your role in this partner has changed.',
    404: 'This claim no longer exists.',
    409: (error) =>
      error.code === 'transition_not_allowed'
        ? 'This claim is no longer a draft, so it cannot be edited.'
        : (error.detail ?? 'This change conflicts with the claim’s current state.'),
    412: null,
    428: 'The change did not say which version it was based on. Reload the page and try again.',
  },
};

const sameValue = (a: ClaimDraft[keyof ClaimDraft], b: ClaimDraft[keyof ClaimDraft]) =>
  a !== null && b !== null && typeof a === 'object' && typeof b === 'object'
    ? a.id === b.id
    : a === b;

/**
 * A three-way merge of a form over a claim that changed under it: a field the person changed keeps
 * their value; any other takes the claim's new value.
 */
export function rebaseDraft(mine: ClaimDraft, before: ClaimDraft, now: ClaimDraft): ClaimDraft {
  const merged = { ...mine };
  for (const key of Object.keys(mine) as Array<keyof ClaimDraft>) {
    if (sameValue(mine[key], before[key])) Object.assign(merged, { [key]: now[key] });
  }
  return merged;
}

/** How the form's fields read in a sentence. */
const fieldLabels = {
  type: 'What happened',
  itemId: 'Item',
  quantity: 'Units',
  unitValue: 'Unit value',
  incidentDate: 'Incident date',
  description: 'Description',
  reference: 'Reference',
} as const;

/** The form's fields as the claim holds them. */
export const draftOf = (claim: Claim): ClaimDraft => ({
  type: claim.type,
  item:
    claim.item === null
      ? null
      : {
          id: claim.item.id,
          sku: claim.item.sku,
          name: claim.item.name,
          unitValue: claim.unitValue,
        },
  quantity: claim.quantity,
  unitValue: claim.item === null ? claim.unitValue.amount : null,
  incidentDate: claim.incidentDate,
  description: claim.description,
  reference: claim.reference ?? '',
});

export interface ClaimEditFormProps {
  partnerSlug: string;
  /** The claim as the page shows it now: after a 412, the current one. */
  claim: Claim;
  onClose: () => void;
}

/**
 * A draft's edit: PATCH of the changed fields, based on the version the form started from. When
 * someone else saved meanwhile (412), the page shows the claim as it is now, the form keeps what
 * was typed, and only a second, deliberate Save sends it, based on the new version.
 */
export function ClaimEditForm({ partnerSlug, claim, onClose }: ClaimEditFormProps) {
  const [draft, setDraft] = useState<ClaimDraft>(() => draftOf(claim));
  // The version (and fields) the person's changes are based on: the claim when the form opened,
  // then the current one once a 412 showed it to them.
  const [base, setBase] = useState(claim);
  // The fields someone else changed, told beside the 412.
  const [theirChanges, setTheirChanges] = useState<string[]>([]);
  const form = useFieldProblems(CLAIM_FIELDS);
  const save = useUpdateClaim(partnerSlug, claim.id);
  const today = usePartnerToday(partnerSlug);
  const fromMovement = claim.movementId === null ? undefined : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.reset();
    if (!form.check(checkDraft(draft, { today }))) return;
    const changes = changedFields(draftBody(draftOf(base)), draftBody(draft));
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { version: base.version, body: changes },
      {
        onSuccess: onClose,
        onError: (error) => {
          const problems = apiFieldErrors(error, CLAIM_FIELDS);
          form.setProblems(problems);
          const first = CLAIM_FIELDS.find((field) => problems[field] !== undefined);
          if (first !== undefined) form.focus(first);
        },
      },
    );
  };

  // The claim moved on (a 412 put the current one in the cache): the person's changes now apply on
  // top of it, and the fields they did not touch show the new values. Nothing is sent until they
  // save again, having seen it.
  if (claim.version > base.version) {
    setBase(claim);
    setDraft(rebaseDraft(draft, draftOf(base), draftOf(claim)));
    setTheirChanges(
      Object.keys(changedFields(draftBody(draftOf(base)), draftBody(draftOf(claim)))).map(
        (field) => fieldLabels[field as keyof typeof fieldLabels],
      ),
    );
  }

  const placedByField = Object.keys(apiFieldErrors(save.error, CLAIM_FIELDS)).length > 0;
  const unplaced = unplacedApiErrors(save.error, CLAIM_FIELDS);
  const noLongerDraft = claim.status !== 'draft';

  return (
    <Card title="Edit draft" headingLevel={2}>
      <form noValidate onSubmit={submit} aria-label="Edit draft">
        <Stack gap={4}>
          <StaleClaimAlert error={save.error} changes={theirChanges} />
          {noLongerDraft ? (
            <Alert tone="info">
              This claim is no longer a draft; your changes cannot be saved. Copy what you need.
            </Alert>
          ) : null}
          {placedByField ? (
            <Alert tone="danger" announce>
              Some fields need a change: see the messages beside them.
            </Alert>
          ) : null}
          {unplaced !== undefined ? (
            <Alert tone="danger" announce>
              {unplaced}
            </Alert>
          ) : (
            <ApiProblemAlert error={save.error} messages={saveMessages} />
          )}
          <ClaimFields
            partnerSlug={partnerSlug}
            draft={draft}
            onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
            form={form}
            fromMovement={fromMovement}
          />
          <Inline gap={2}>
            <Button type="submit" loading={save.isPending} disabled={noLongerDraft}>
              Save changes
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
              {noLongerDraft ? 'Close' : 'Cancel'}
            </Button>
          </Inline>
        </Stack>
      </form>
    </Card>
  );
}
