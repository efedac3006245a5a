import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import { SerializedBySchema } from '../serialized-by-schema.js';

/** The answer of every list (docs/api.md, "Lists"). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
  /** Exact, or an estimate where an exact count costs more than the page (`totalExact: false`). */
  total: number;
  totalExact: boolean;
}

const pageClasses = new Map<Type, Type>();

/**
 * The OpenAPI schema of a page of `Item`, a class named `<Item without Dto>Page` (MemberDto →
 * MemberPage); a list endpoint declares it with `@ApiPage(MemberDto)`. One class per item type.
 */
export function PageDto<T>(item: Type<T>): Type<Page<T>> {
  const known = pageClasses.get(item);
  if (known !== undefined) return known as Type<Page<T>>;

  class ItemPage implements Page<T> {
    @ApiProperty({ type: [item] })
    items!: T[];

    @ApiProperty({
      type: String,
      nullable: true,
      description: 'The cursor of the following page; null on the last page.',
    })
    nextCursor!: string | null;

    @ApiProperty({
      type: String,
      nullable: true,
      description: 'The cursor of the preceding page; null on the first page.',
    })
    prevCursor!: string | null;

    @ApiProperty({
      type: 'integer',
      description: 'Items matching the filters: exact, or an estimate when totalExact is false.',
    })
    total!: number;

    @ApiProperty({ description: 'False when total is an estimate.' })
    totalExact!: boolean;
  }
  Object.defineProperty(ItemPage, 'name', { value: `${item.name.replace(/Dto$/, '')}Page` });
  pageClasses.set(item, ItemPage);
  return ItemPage;
}

/**
 * A list endpoint's answer: documented as `PageDto(item)` and serialized by that schema (a page of
 * 25 to 100 items is the API's biggest JSON answer; see `SerializedBySchema`).
 */
export function ApiPage<T>(item: Type<T>): MethodDecorator {
  return applyDecorators(ApiOkResponse({ type: PageDto(item) }), SerializedBySchema());
}
