import {
  Alert,
  Button,
  DialogClose,
  Drawer,
  FileDropzone,
  Link,
  Spinner,
  Stack,
  type FileDropzoneItem,
} from '@partner-portal/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { apiFieldErrors, unplacedApiErrors, type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { formatCalendarDate, formatCount } from '@/lib/format';
import { useFieldProblems } from '@/lib/form-problems';
import { usePartnerToday } from '@/lib/partner-time';
import { queryKeys } from '@/lib/query-keys';

import { useCreateClaim } from '../api/create-claim';
import { type Claim } from '../api/get-claim';
import { useItem } from '../api/get-item';
import { useMovement } from '../api/get-movement';
import { uploadClaimAttachment } from '../api/upload-claim-attachment';

import {
  CLAIM_FIELDS,
  checkDraft,
  claimTypeOfKind,
  draftBody,
  emptyDraft,
  type ClaimDraft,
} from './claim-draft';
import { ClaimFields } from './claim-fields';
import styles from './claim-page.module.css';
import {
  EVIDENCE_ACCEPT,
  MAX_EVIDENCE_BYTES,
  MAX_EVIDENCE_FILES,
  requiredEvidence,
} from './evidence-rules';
import { EvidenceChecklist } from './evidence-checklist';

const createMessages: ApiErrorMessages = {
  byStatus: {
    403: 'You can no longer file claims here: your role in this partner has changed.',
    409: (error) =>
      error.code === 'movement_already_claimed'
        ? 'This movement already has a claim. Open it from the item’s movements.'
        : (error.detail ?? 'This claim conflicts with another one.'),
    422: (error) => error.detail ?? 'This claim could not be filed.',
  },
};

/** A file chosen in the form, uploaded once the draft exists. */
interface ChosenFile {
  id: string;
  file: File;
  status?: FileDropzoneItem['status'];
  progress?: number;
  error?: string;
}

export interface NewClaimDrawerProps {
  partnerSlug: string;
  /** Filed from this movement (`?fileFor=`): its type, item, units, date and reference. */
  movementId?: string;
  /** The movement's item (`?item=`), or an item to start with. */
  itemId?: string;
  onClose: () => void;
  /** The draft exists (and its chosen files are uploaded, or failed there): open it. */
  onCreated: (claim: Claim) => void;
}

/**
 * "New claim" (docs/product.md §3): the form in a drawer, pre-filled from a loss, damage or short
 * receipt when opened from one; the evidence checklist of the chosen type; files chosen here go up
 * once the draft is saved, with their progress. The API's refusals land beside their fields.
 */
export function NewClaimDrawer({
  partnerSlug,
  movementId,
  itemId,
  onClose,
  onCreated,
}: NewClaimDrawerProps) {
  const [draft, setDraft] = useState<ClaimDraft>(emptyDraft);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [uploading, setUploading] = useState(false);
  // The draft once saved, while some of its chosen files still failed to go up.
  const [created, setCreated] = useState<Claim>();
  const form = useFieldProblems(CLAIM_FIELDS);
  const queryClient = useQueryClient();
  const create = useCreateClaim(partnerSlug);
  const movement = useMovement(partnerSlug, itemId ?? '', movementId);
  const item = useItem(partnerSlug, itemId);
  const today = usePartnerToday(partnerSlug);
  // One key per body: a retry of the same form after a lost answer returns the first draft.
  const idempotency = useRef<{ key: string; body: string } | null>(null);

  // Fill in what the movement and its item say, once each arrives; what is typed afterwards stays.
  const filledFrom = useRef({ movement: false, item: false });
  useEffect(() => {
    const found = movement.data;
    if (found === undefined || filledFrom.current.movement) return;
    filledFrom.current.movement = true;
    setDraft((current) => ({
      ...current,
      type: claimTypeOfKind[found.kind] ?? current.type,
      quantity: Math.abs(found.quantity),
      // The movement's day in the partner's time zone: the claim's incident date (docs/product.md §4).
      incidentDate: found.day,
      reference: found.reference ?? current.reference,
    }));
  }, [movement.data]);
  useEffect(() => {
    const found = item.data;
    if (found === undefined || filledFrom.current.item) return;
    filledFrom.current.item = true;
    setDraft((current) => ({
      ...current,
      item: { id: found.id, sku: found.sku, name: found.name, unitValue: found.unitValue },
    }));
  }, [item.data]);

  const fromMovement =
    movement.data === undefined ? undefined : { maxQuantity: Math.abs(movement.data.quantity) };
  const evidence = draft.type === '' ? null : requiredEvidence[draft.type];
  const hasEvidence = evidence !== null && files.some(({ file }) => evidence.accepts(file.type));
  const busy = create.isPending || uploading;

  /** Uploads the chosen files not uploaded yet, one at a time; true when all are up. */
  const uploadAll = async (claim: Claim) => {
    setUploading(true);
    let failed = false;
    for (const chosen of files.filter(({ status }) => status !== 'done')) {
      const update = (patch: Partial<ChosenFile>) =>
        setFiles((current) =>
          current.map((entry) => (entry.id === chosen.id ? { ...entry, ...patch } : entry)),
        );
      update({ status: 'uploading', progress: 0 });
      try {
        await uploadClaimAttachment(partnerSlug, claim.id, chosen.file, (progress) =>
          update({ progress }),
        );
        update({ status: 'done', progress: 100 });
      } catch (error) {
        failed = true;
        update({
          status: 'error',
          error: error instanceof ApiError ? (error.detail ?? error.title) : 'Upload failed.',
        });
      }
    }
    // The draft as created still names the evidence as missing: its page reads it afresh, so Submit
    // is not held back by what was just uploaded.
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.claims.claim(partnerSlug, claim.id),
        exact: true,
      }),
      queryClient.invalidateQueries({
        queryKey: queryKeys.claims.attachments(partnerSlug, claim.id),
      }),
    ]);
    setUploading(false);
    return !failed;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (created !== undefined) {
      void uploadAll(created).then((uploaded) => {
        if (uploaded) onCreated(created);
      });
      return;
    }
    create.reset();
    if (!form.check(checkDraft(draft, { maxQuantity: fromMovement?.maxQuantity, today }))) return;
    const body = { ...draftBody(draft), movementId: movementId ?? null };
    const serialized = JSON.stringify(body);
    if (idempotency.current?.body !== serialized) {
      idempotency.current = { key: crypto.randomUUID(), body: serialized };
    }
    create.mutate(
      { body, idempotencyKey: idempotency.current.key },
      {
        onSuccess: async (claim) => {
          if (await uploadAll(claim)) onCreated(claim);
          // The draft stands; its form is locked, and sending it again retries the failed files.
          else setCreated(claim);
        },
        onError: (error) => {
          const problems = apiFieldErrors(error, CLAIM_FIELDS);
          form.setProblems(problems);
          const first = CLAIM_FIELDS.find((field) => problems[field] !== undefined);
          if (first !== undefined) form.focus(first);
        },
      },
    );
  };

  const alreadyClaimed = movement.data?.claim ?? null;
  const placedByField = Object.keys(apiFieldErrors(create.error, CLAIM_FIELDS)).length > 0;
  const unplaced = unplacedApiErrors(create.error, CLAIM_FIELDS);

  return (
    <Drawer
      open
      onOpenChange={(open) => {
        if (open || busy) return;
        if (created !== undefined) onCreated(created);
        else onClose();
      }}
      title="New claim"
      description={
        movement.data === undefined
          ? 'Saved as a draft: you can add evidence and submit it from the claim’s page.'
          : `Filed from the ${movement.data.kind} of ${formatCount(Math.abs(movement.data.quantity))} units on ${formatCalendarDate(movement.data.day)}.`
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form="new-claim-form" loading={busy}>
            {created === undefined ? 'Save draft' : 'Retry upload'}
          </Button>
        </>
      }
    >
      <form id="new-claim-form" noValidate onSubmit={submit} aria-label="New claim">
        <Stack gap={4}>
          {movementId !== undefined && movement.isPending ? (
            <Spinner label="Loading the movement" />
          ) : null}
          {movement.isError ? (
            <Alert tone="warning">
              The movement could not be read; fill in the claim yourself.
            </Alert>
          ) : null}
          {alreadyClaimed !== null ? (
            <Alert tone="warning" title="Already claimed">
              This movement has claim{' '}
              <Link href={paths.claim(partnerSlug, alreadyClaimed.id)}>
                {alreadyClaimed.number}
              </Link>
              .
            </Alert>
          ) : null}
          {created !== undefined ? (
            <Alert tone="warning" announce title={`Draft ${created.number} is saved`}>
              Some files could not be uploaded: remove them or try again, or{' '}
              <Link href={paths.claim(partnerSlug, created.id)}>open the draft</Link> and add them
              there.
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
            <ApiProblemAlert error={create.error} messages={createMessages} />
          )}
          <ClaimFields
            partnerSlug={partnerSlug}
            draft={draft}
            onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
            form={form}
            fromMovement={fromMovement}
            // Not while the draft is sent: a refused field must take the focus back.
            disabled={uploading || created !== undefined}
          />
          <EvidenceChecklist type={draft.type} hasEvidence={hasEvidence} />
          <FileDropzone
            label="Evidence"
            hint="PDF, PNG, JPEG or WebP, up to 10 MB each; uploaded when the draft is saved."
            accept={EVIDENCE_ACCEPT}
            multiple
            maxSize={MAX_EVIDENCE_BYTES}
            maxFiles={MAX_EVIDENCE_FILES}
            disabled={busy}
            files={files.map(({ id, file, status, progress, error }) => ({
              id,
              name: file.name,
              size: file.size,
              status,
              progress,
              error,
            }))}
            onFilesAccepted={(accepted) =>
              setFiles((current) => [
                ...current,
                ...accepted.map((file) => ({ id: crypto.randomUUID(), file })),
              ])
            }
            onRemove={(id) => setFiles((current) => current.filter((entry) => entry.id !== id))}
          />
          <p className={styles.formNote}>
            Saving keeps the claim as a draft: it is sent to review only when you submit it.
          </p>
        </Stack>
      </form>
    </Drawer>
  );
}
