import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { ListQueryDto } from '#src/common/list/index.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../webhook-delivery.entity.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-endpoint.entity.js';
import { DELIVERY_LIST } from '../webhooks.repository.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

const URL_DOC =
  'Where events are POSTed. Outside development `https` only, and its host must resolve to public addresses (checked at each delivery); in development also `http://localhost` and `http://127.0.0.1`.';
const EVENTS_DOC = 'The events sent to it (at least one, each once).';

export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://hooks.example.com/portal',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description: URL_DOC,
  })
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  events!: WebhookEventType[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: MAX_WEBHOOK_URL_LENGTH, description: URL_DOC })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({
    enum: WEBHOOK_EVENT_TYPES,
    enumName: 'WebhookEventType',
    isArray: true,
    description: EVENTS_DOC,
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({
    description:
      '`true` enables it again (clearing why it was disabled); `false` stops deliveries to it.',
  })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

class WebhookCreatorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'https://hooks.example.com/portal' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true })
  events!: WebhookEventType[];

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the BFF disabled it (a 410 answer, three days of failures); else null.',
  })
  disabledReason!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Since when every delivery has failed; null while deliveries succeed.',
  })
  failingSince!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the secret before the latest rotation still signs too; else null.',
  })
  previousSecretExpiresAt!: string | null;

  @ApiProperty({ type: WebhookCreatorDto, nullable: true })
  createdBy!: WebhookCreatorDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class WebhookSecretDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret: shown this once, never again.',
  })
  secret!: string;
}

export class CreatedWebhookDto extends WebhookEndpointDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret: shown this once, never again.',
  })
  secret!: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    format: 'uuid',
    description: 'The event: the `webhook-id` header of every attempt.',
  })
  eventId!: string;

  @ApiProperty({ example: 'claim.created' })
  type!: string;

  @ApiProperty({ description: 'The attempt of this event at this endpoint, from 1.' })
  attempt!: number;

  @ApiProperty({ enum: DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus' })
  status!: DeliveryStatus;

  @ApiProperty({ type: Number, nullable: true, description: 'The endpoint’s HTTP status.' })
  responseStatus!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  durationMs!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why an attempt failed without an answer: `timeout: …`, `refused: …` (an address or URL the rule forbids), `error: …`.',
  })
  error!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due, after a failure that is retried.',
  })
  nextAttemptAt!: string | null;

  @ApiProperty({
    format: 'date-time',
    description: 'When the attempt was due (a retry: written with the failure before it).',
  })
  createdAt!: string;
}

/** `?limit=&sort=&cursor=` of the delivery log (sort: createdAt; default newest first). */
export class WebhookDeliveryListQueryDto extends ListQueryDto(DELIVERY_LIST) {}
