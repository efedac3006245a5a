import { Delete, Get, HttpCode, Post, Req, Res, type StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemDetails } from '#src/common/problem-details.js';
import { UuidParam } from '#src/common/uuid.js';
import { AcceptsUpload } from '#src/common/uploads.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '#src/partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '#src/partners/decorators/partner-access.decorator.js';
import { PartnerController } from '#src/partners/decorators/partner-controller.decorator.js';
import { ATTACHMENT_CONTENT_TYPES } from '../claim-lifecycle.js';
import {
  attachmentNotFound,
  ClaimAttachmentsService,
  claimNotFound,
} from './claim-attachments.service.js';
import { ClaimAttachmentDto, ClaimAttachmentListDto } from './dto/claim-attachment.dto.js';
import { EVIDENCE_FIELD, evidenceUploadRequest } from './evidence-upload.js';
import { Scopes } from '#src/auth/decorators/scopes.decorator.js';

const CLAIM_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description:
    'The claim’s id; one of another partner, or not a UUID, is a 404 like a missing one.',
});
const ATTACHMENT_ID = ApiParam({
  name: 'attachmentId',
  format: 'uuid',
  description: 'The attachment’s id; one of another claim or partner is a 404.',
});
const NO_SUCH_CLAIM = ApiNotFoundResponse({
  type: ProblemDetails,
  description: 'No such partner, claim or attachment, or not a member: `code: not_found`.',
});
const NOT_AN_EDITOR = ApiForbiddenResponse({
  type: ProblemDetails,
  description: 'Not a manager or admin of the partner (staff neither), or CSRF.',
});
const EVIDENCE_CLOSED = ApiConflictResponse({
  type: ProblemDetails,
  description:
    'The claim is neither a draft nor waiting for information (`code: evidence_closed`), or already holds 10 files (`code: too_many_attachments`).',
});

/** The evidence files of a claim (docs/api.md, Attachment; docs/product.md §4). */
@ApiTags('claims')
@PartnerController()
export class ClaimAttachmentsController {
  constructor(private readonly attachments: ClaimAttachmentsService) {}

  @Post('claims/:id/attachments')
  @Scopes('claims:write')
  @PartnerAccess({ role: 'manager' })
  @AcceptsUpload()
  @HttpCode(201)
  @CLAIM_ID
  @ApiOperation({
    summary:
      'Uploads one evidence file (manager, admin) while the claim is a draft or information is requested.',
    description:
      'multipart/form-data with the file in the field `file`, nothing else. At most 10 MB (refused while it streams in), 10 files per claim, a PDF, PNG, JPEG or WebP judged by its bytes. Writes an `attachment` event; the claim’s version does not change.',
    operationId: 'uploadClaimAttachment',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [EVIDENCE_FIELD],
      properties: { [EVIDENCE_FIELD]: { type: 'string', format: 'binary' } },
    },
  })
  @ApiCreatedResponse({ type: ClaimAttachmentDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'Not multipart, no file or another field, an empty file, or a file name holding a path or control characters (`code: validation`).',
  })
  @NOT_AN_EDITOR
  @NO_SUCH_CLAIM
  @EVIDENCE_CLOSED
  @ApiPayloadTooLargeResponse({
    type: ProblemDetails,
    description:
      'Over 10 MB (`code: file_too_large`), refused as it streams in: the rest of the upload is not read.',
  })
  @ApiUnsupportedMediaTypeResponse({
    type: ProblemDetails,
    description: 'Not a PDF, PNG, JPEG or WebP by its content (`code: unsupported_media_type`).',
  })
  upload(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @Req() request: FastifyRequest,
  ): Promise<ClaimAttachmentDto> {
    // A refusal leaves the rest of the body unread: registerUploadHooks (common/uploads.ts).
    return this.attachments.upload(context, id, evidenceUploadRequest(request));
  }

  @Get('claims/:id/attachments')
  @Scopes('claims:read')
  @CLAIM_ID
  @ApiOperation({
    summary: 'The claim’s evidence files, oldest first.',
    operationId: 'listClaimAttachments',
  })
  @ApiOkResponse({ type: ClaimAttachmentListDto })
  @NO_SUCH_CLAIM
  list(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
  ): Promise<ClaimAttachmentListDto> {
    return this.attachments.list(context, id);
  }

  @Get('claims/:id/attachments/:attachmentId')
  @Scopes('claims:read')
  @CLAIM_ID
  @ATTACHMENT_ID
  @ApiOperation({
    summary: 'The file, streamed as an attachment (never shown inline).',
    description:
      '`Content-Type` is the stored type, `Content-Disposition: attachment` with the name (RFC 6266 `filename*`), `X-Content-Type-Options: nosniff`.',
    operationId: 'downloadClaimAttachment',
  })
  @ApiProduces(...ATTACHMENT_CONTENT_TYPES)
  @ApiOkResponse({ description: 'The file’s bytes.', schema: { type: 'string', format: 'binary' } })
  @NO_SUCH_CLAIM
  async download(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', attachmentNotFound) id: string,
    @UuidParam('attachmentId', attachmentNotFound) attachmentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.attachments.download(context, id, attachmentId);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('cache-control', 'private, no-store');
    return file;
  }

  @Delete('claims/:id/attachments/:attachmentId')
  @Scopes('claims:write')
  @PartnerAccess({ role: 'manager' })
  @HttpCode(204)
  @CLAIM_ID
  @ATTACHMENT_ID
  @ApiOperation({
    summary:
      'Removes an evidence file (manager, admin) while the claim is a draft or information is requested.',
    operationId: 'deleteClaimAttachment',
  })
  @ApiNoContentResponse({ description: 'Removed; an `attachment` event says so.' })
  @NOT_AN_EDITOR
  @NO_SUCH_CLAIM
  @EVIDENCE_CLOSED
  async remove(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', claimNotFound) id: string,
    @UuidParam('attachmentId', attachmentNotFound) attachmentId: string,
  ): Promise<void> {
    await this.attachments.remove(context, id, attachmentId);
  }
}
