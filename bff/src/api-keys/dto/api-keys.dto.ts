import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '#src/auth/decorators/scopes.decorator.js';
import { ListQueryDto } from '#src/common/list/index.js';
import { API_KEY_LIST } from '../api-keys.repository.js';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'WMS sync', minLength: 1, maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;

  @ApiProperty({
    enum: API_KEY_SCOPES,
    enumName: 'ApiKeyScope',
    isArray: true,
    description:
      'A partner key: `inventory:read`, `claims:read`, `claims:write`; a network key: `movements:write`, `claims:read`.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @ArrayUnique()
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes!: ApiKeyScope[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'In the future, at most 1 year ahead; default 90 days from now.',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;
}

export class ApiKeyCreatorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;
}

/** A key as its list shows it: never its token or hash. */
export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: API_KEY_SCOPES, enumName: 'ApiKeyScope', isArray: true })
  scopes!: ApiKeyScope[];

  @ApiProperty({ example: 'ppk_Ab3x', description: 'The token’s first 8 characters.' })
  prefix!: string;

  @ApiProperty({
    type: ApiKeyCreatorDto,
    nullable: true,
    description: 'null once the creator’s account is gone.',
  })
  createdBy!: ApiKeyCreatorDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Accurate to a minute.',
  })
  lastUsedAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  revokedAt!: string | null;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({
    example: 'ppk_Ab3xQ9…',
    description: 'The key’s token: shown this once, never again (only its hash is stored).',
  })
  token!: string;
}

export class ApiKeyListQueryDto extends ListQueryDto(API_KEY_LIST) {}
