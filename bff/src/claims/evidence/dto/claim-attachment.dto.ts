import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ATTACHMENT_CONTENT_TYPES,
  type AttachmentContentType,
} from '#src/claims/claim-lifecycle.js';

@ApiSchema({ name: 'ClaimAttachmentUploader' })
export class ClaimAttachmentUploaderDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Maria Manager' })
  name!: string;
}

/** docs/api.md, Attachment: a file of evidence on a claim. */
@ApiSchema({ name: 'ClaimAttachment' })
export class ClaimAttachmentDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    example: 'damaged-carton.jpg',
    description: 'The name the file was uploaded with (a bare name, NFC).',
  })
  filename!: string;

  @ApiProperty({
    enum: ATTACHMENT_CONTENT_TYPES,
    enumName: 'ClaimAttachmentContentType',
    description: 'From the file’s first bytes (magic numbers), never from its name.',
  })
  contentType!: AttachmentContentType;

  @ApiProperty({ type: 'integer', example: 48213, description: 'Bytes, 1 to 10,485,760.' })
  size!: number;

  @ApiProperty({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' })
  sha256!: string;

  @ApiProperty({
    type: ClaimAttachmentUploaderDto,
    nullable: true,
    description: 'Who uploaded it; null only if that account was deleted since.',
  })
  uploadedBy!: ClaimAttachmentUploaderDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

@ApiSchema({ name: 'ClaimAttachmentList' })
export class ClaimAttachmentListDto {
  @ApiProperty({ type: [ClaimAttachmentDto], description: 'Oldest first; at most 10.' })
  items!: ClaimAttachmentDto[];
}
