import { Injectable, StreamableFile } from '@nestjs/common';
import { Clock } from '#src/common/clock.js';
import { ProblemException } from '#src/common/problem-details.js';
import {
  actorOf,
  type PartnerContext,
} from '#src/partners/decorators/current-partner.decorator.js';
import {
  type ClaimStatus,
  EVIDENCE_OPEN_STATUSES,
  MAX_ATTACHMENTS_PER_CLAIM,
} from '../claim-lifecycle.js';
import {
  ClaimAttachmentsRepository,
  type EvidenceChange,
  type EvidenceClaim,
  type StoredAttachment,
} from './claim-attachments.repository.js';
import type { ClaimAttachmentDto, ClaimAttachmentListDto } from './dto/claim-attachment.dto.js';
import { EvidenceStore } from './evidence.store.js';
import { attachmentDisposition } from './evidence-files.js';
import type { EvidenceUploadRequest } from './evidence-upload.js';

export function claimNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such claim.');
}

export function attachmentNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such attachment.');
}

const takesEvidence = (status: ClaimStatus): boolean => EVIDENCE_OPEN_STATUSES.includes(status);

/** Why a claim in this state takes no evidence change now (409), or undefined when it does. */
function refusal(claim: EvidenceClaim, adding: boolean): ProblemException | undefined {
  if (!takesEvidence(claim.status)) {
    return new ProblemException(
      409,
      'evidence_closed',
      `Evidence can be changed only while the claim is a draft or information is requested; it is ${claim.status}.`,
    );
  }
  if (adding && claim.attachmentCount >= MAX_ATTACHMENTS_PER_CLAIM) {
    return new ProblemException(
      409,
      'too_many_attachments',
      `A claim holds at most ${MAX_ATTACHMENTS_PER_CLAIM} files; remove one to add another.`,
    );
  }
  return undefined;
}

function outcomeOf<T>(change: EvidenceChange<T>, adding: boolean): T {
  if (change.done) return change.value;
  if (change.reason === 'claim_not_found') throw claimNotFound();
  if (change.reason === 'not_found') throw attachmentNotFound();
  const refused = change.claim === undefined ? undefined : refusal(change.claim, adding);
  if (refused === undefined) throw new Error(`Evidence change refused without a reason`);
  throw refused;
}

export function toAttachmentDto(attachment: StoredAttachment): ClaimAttachmentDto {
  return {
    id: attachment.id,
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.size,
    sha256: attachment.sha256,
    uploadedBy: attachment.uploadedBy,
    createdAt: attachment.createdAt.toISOString(),
  };
}

/**
 * A claim's evidence files (docs/api.md, Attachment; docs/product.md §4): upload while the claim is a
 * draft or information is requested (at most 10, each a PDF, PNG, JPEG or WebP of at most 10 MB),
 * list, download, remove.
 */
@Injectable()
export class ClaimAttachmentsService {
  constructor(
    private readonly attachments: ClaimAttachmentsRepository,
    private readonly store: EvidenceStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks in this order, each before the next costs anything: a multipart body (400), the claim
   * (404), its status and its count of files (409), the declared length (413); then reads the body —
   * the name (400), the size as it streams (413), emptiness (400), the type (415) — and writes under
   * the claim's row lock, where status and count are checked again.
   */
  async upload(
    context: PartnerContext,
    claimId: string,
    upload: EvidenceUploadRequest,
  ): Promise<ClaimAttachmentDto> {
    upload.assertMultipart();
    const partnerId = context.partner.id;
    const claim = await this.attachments.claim(partnerId, claimId);
    if (claim === undefined) throw claimNotFound();
    const refused = refusal(claim, true);
    if (refused !== undefined) throw refused;
    upload.assertDeclaredLength();

    const file = await upload.read();
    const change = await this.attachments.add(
      partnerId,
      claimId,
      { ...file, uploadedBy: actorOf(context), at: this.clock.now() },
      takesEvidence,
      MAX_ATTACHMENTS_PER_CLAIM,
    );
    return toAttachmentDto(outcomeOf(change, true));
  }

  async list(context: PartnerContext, claimId: string): Promise<ClaimAttachmentListDto> {
    const partnerId = context.partner.id;
    if ((await this.attachments.claim(partnerId, claimId)) === undefined) throw claimNotFound();
    const items = await this.attachments.list(partnerId, claimId);
    return { items: items.map(toAttachmentDto) };
  }

  /**
   * The file, streamed, as an attachment: its stored type, a safe name (RFC 6266: an ASCII
   * `filename` and the exact `filename*`), never sniffed or shown inline by a browser.
   */
  async download(
    context: PartnerContext,
    claimId: string,
    attachmentId: string,
  ): Promise<StreamableFile> {
    const partnerId = context.partner.id;
    const attachment = await this.attachments.one(partnerId, claimId, attachmentId);
    if (attachment === undefined) throw attachmentNotFound();
    const stream = await this.store.open(partnerId, attachment.storageKey, attachment.size);
    if (stream === undefined) throw attachmentNotFound();
    return new StreamableFile(stream, {
      type: attachment.contentType,
      length: attachment.size,
      disposition: attachmentDisposition(attachment.filename),
    });
  }

  async remove(context: PartnerContext, claimId: string, attachmentId: string): Promise<void> {
    const partnerId = context.partner.id;
    const change = await this.attachments.remove(
      partnerId,
      claimId,
      attachmentId,
      actorOf(context),
      takesEvidence,
      this.clock.now(),
    );
    outcomeOf(change, false);
  }
}
