import { type Type as ClassType } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_CURSOR_LENGTH } from './list-cursor.js';
import { type ListDefinition, sortValues } from './list-definition.js';

export const DEFAULT_LIST_LIMIT = 25;
export const MAX_LIST_LIMIT = 100;

/** The query every list accepts (docs/api.md, "Lists"); a list's own filters extend it. */
export interface ListQuery {
  limit: number;
  sort?: string;
  cursor?: string;
}

/**
 * The query DTO class of one list: `limit` (1–100, default 25), `sort` from the list's allow-list,
 * an opaque `cursor`. Extend it with the list's filters:
 * `class MemberListQueryDto extends ListQueryDto(MEMBER_LIST) { @IsOptional() @IsIn(...) role?: ... }`.
 */
export function ListQueryDto<Field extends string>(
  definition: ListDefinition<Field>,
): ClassType<ListQuery> {
  const allowedSorts = sortValues(definition);

  class ListQueryBase implements ListQuery {
    @ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIST_LIMIT,
      default: DEFAULT_LIST_LIMIT,
      description: 'Items per page.',
    })
    @IsOptional()
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(MAX_LIST_LIMIT)
    limit: number = DEFAULT_LIST_LIMIT;

    @ApiPropertyOptional({
      enum: allowedSorts,
      default: definition.defaultSort,
      description: 'The order: a field ascending, or `-field` descending; ties are broken by id.',
    })
    @IsOptional()
    @IsIn(allowedSorts)
    sort?: string;

    @ApiPropertyOptional({
      maxLength: MAX_CURSOR_LENGTH,
      description:
        'Opaque: the `nextCursor` or `prevCursor` of a page of this list with the same sort.',
    })
    @IsOptional()
    @IsString()
    @MaxLength(MAX_CURSOR_LENGTH)
    cursor?: string;
  }
  Object.defineProperty(ListQueryBase, 'name', { value: `${pascalCase(definition.id)}ListQuery` });
  return ListQueryBase;
}

function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
