import { describe, expect, it } from '@jest/globals';
import { type ArgumentMetadata } from '@nestjs/common';
import { IsOptional, IsIn } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ProblemException } from '../problem-details.js';
import { createValidationPipe } from '../validation.js';
import { defineList } from './list-definition.js';
import { ListQueryDto } from './list-query.js';

const LIST = defineList({
  id: 'probe-items',
  sortFields: { name: 'item.name', rank: 'item.rank' },
  defaultSort: '-rank',
  idColumn: 'item.id',
});

class ProbeListQueryDto extends ListQueryDto(LIST) {
  @ApiPropertyOptional({ enum: ['a', 'b'] })
  @IsOptional()
  @IsIn(['a', 'b'])
  kind?: 'a' | 'b';
}

const metadata: ArgumentMetadata = { type: 'query', metatype: ProbeListQueryDto };

async function parse(query: Record<string, unknown>): Promise<ProbeListQueryDto> {
  return (await createValidationPipe().transform(query, metadata)) as ProbeListQueryDto;
}

async function refusedFields(query: Record<string, unknown>): Promise<string[]> {
  try {
    await parse(query);
  } catch (error) {
    if (!(error instanceof ProblemException)) throw error;
    expect(error.code).toBe('validation');
    return (error.errors ?? []).map((e) => e.field);
  }
  throw new Error('the query was accepted');
}

describe('ListQueryDto', () => {
  it('defaults limit to 25 and leaves sort and cursor unset', async () => {
    const query = await parse({});
    expect(query.limit).toBe(25);
    expect(query.sort).toBeUndefined();
    expect(query.cursor).toBeUndefined();
  });

  it('takes limit from the query string, sort from the allow-list, the list filters', async () => {
    expect(
      await parse({ limit: '100', sort: '-name', cursor: 'abc.def', kind: 'a' }),
    ).toMatchObject({ limit: 100, sort: '-name', cursor: 'abc.def', kind: 'a' });
  });

  it.each([['0'], ['101'], ['2.5'], ['ten'], ['']])('refuses limit %p', async (limit) => {
    expect(await refusedFields({ limit })).toContain('limit');
  });

  it.each([['email'], ['--name'], ['name,rank'], ['id'], ['']])(
    'refuses sort %p outside the allow-list',
    async (sort) => {
      expect(await refusedFields({ sort })).toContain('sort');
    },
  );

  it('refuses an oversized cursor, an array, and unknown parameters', async () => {
    expect(await refusedFields({ cursor: 'x'.repeat(2000) })).toContain('cursor');
    expect(await refusedFields({ cursor: ['a', 'b'] })).toContain('cursor');
    expect(await refusedFields({ other: '1' })).toContain('other');
  });
});
