import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  CLAIM_UPDATE_CHOICES,
  type ClaimUpdatesChoice,
  DIGEST_CHOICES,
  type DigestChoice,
} from '../notification-preference.entity.js';

/** How many partners one PUT may name: more than anyone belongs to. */
export const MAX_PARTNERS_PER_CHANGE = 100;

const CLAIM_UPDATES = {
  enum: CLAIM_UPDATE_CHOICES,
  enumName: 'ClaimUpdatesChoice',
  description: 'E-mails about the partner’s claims as they change: `instant` (default) or `off`.',
};
const FILING_DEADLINES = {
  enum: DIGEST_CHOICES,
  enumName: 'DigestChoice',
  description:
    'The daily digest of losses, damages and drafts whose filing window closes in 7, 3 or 1 days: `daily_digest` (default) or `off`.',
};
const LOW_STOCK = {
  enum: DIGEST_CHOICES,
  enumName: 'DigestChoice',
  description:
    'The daily digest of items that became low or out of stock: `daily_digest` (default) or `off`.',
};

/** One partner of the caller with what they are told about it (docs/api.md, `/api/me/notifications`). */
export class PartnerNotificationsDto {
  @ApiProperty({ example: 'acme-outdoor' })
  slug!: string;

  @ApiProperty({ example: 'Acme Outdoor Co.', description: 'The partner’s name, for the screen.' })
  name!: string;

  @ApiProperty(CLAIM_UPDATES)
  claimUpdates!: ClaimUpdatesChoice;

  @ApiProperty(FILING_DEADLINES)
  filingDeadlines!: DigestChoice;

  @ApiProperty(LOW_STOCK)
  lowStock!: DigestChoice;
}

/** Every partner of the caller, by name, with their choices (defaults where none were saved). */
export class NotificationsDto {
  @ApiProperty({ type: [PartnerNotificationsDto] })
  partners!: PartnerNotificationsDto[];
}

/** One partner's choices to save; a choice left out stays as it is. */
export class PartnerNotificationsChangeDto {
  @ApiProperty({ example: 'acme-outdoor', description: 'A partner the caller belongs to.' })
  @IsString()
  @MaxLength(200)
  slug!: string;

  @ApiPropertyOptional(CLAIM_UPDATES)
  @IsOptional()
  @IsIn(CLAIM_UPDATE_CHOICES)
  claimUpdates?: ClaimUpdatesChoice;

  @ApiPropertyOptional(FILING_DEADLINES)
  @IsOptional()
  @IsIn(DIGEST_CHOICES)
  filingDeadlines?: DigestChoice;

  @ApiPropertyOptional(LOW_STOCK)
  @IsOptional()
  @IsIn(DIGEST_CHOICES)
  lowStock?: DigestChoice;
}

/** `PUT /api/me/notifications`: any subset of the caller's partners, each at most once. */
export class NotificationsChangeDto {
  @ApiProperty({ type: [PartnerNotificationsChangeDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_PARTNERS_PER_CHANGE)
  @ValidateNested({ each: true })
  @Type(() => PartnerNotificationsChangeDto)
  partners!: PartnerNotificationsChangeDto[];
}
