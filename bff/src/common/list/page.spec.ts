import { afterAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProperty, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { serializeBySchema } from '../serialized-by-schema.js';
import { ApiPage, type Page, PageDto } from './page.js';

class ProbeOwnerDto {
  @ApiProperty()
  name!: string;
}

class ProbeDto {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  seenAt!: string | null;

  @ApiProperty({ type: ProbeOwnerDto, nullable: true })
  owner!: ProbeOwnerDto | null;

  @ApiProperty({ type: [String] })
  tags!: string[];
}

const PROBES = [
  {
    name: 'first "quoted" \u2028',
    seenAt: '2026-11-25T10:00:00.000Z',
    owner: { name: 'Ann' },
    tags: ['a'],
  },
  { name: 'second', seenAt: null, owner: null, tags: [], secret: 'not declared' },
];

@Controller('probes')
class ProbeController {
  @Get()
  @ApiPage(ProbeDto)
  list(): Page<ProbeDto> {
    return { items: PROBES, nextCursor: 'next', prevCursor: null, total: 2, totalExact: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

let app: NestFastifyApplication | undefined;
afterAll(() => app?.close());

describe('PageDto', () => {
  it('is one class per item type', () => {
    expect(PageDto(ProbeDto)).toBe(PageDto(ProbeDto));
    expect(PageDto(ProbeDto).name).toBe('ProbePage');
  });

  it('documents items, nextCursor, prevCursor, total and totalExact (docs/api.md, "Lists")', async () => {
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter(), {
      logger: false,
    });
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    const response = document.paths['/probes']?.get?.responses['200'];
    expect(response).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ProbePage' } } },
    });
    const schema = document.components?.schemas?.ProbePage;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['items', 'nextCursor', 'prevCursor', 'total', 'totalExact'],
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/ProbeDto' } },
        nextCursor: { type: 'string', nullable: true },
        prevCursor: { type: 'string', nullable: true },
        total: { type: 'integer' },
        totalExact: { type: 'boolean' },
      },
    });
  });
});

describe('ApiPage', () => {
  it('answers the page by its documented schema: declared properties in their order, nulls kept, nothing undeclared', async () => {
    const probes = await NestFactory.create<NestFastifyApplication>(
      ProbeModule,
      new FastifyAdapter(),
      { logger: false },
    );
    try {
      serializeBySchema(
        probes.getHttpAdapter().getInstance(),
        SwaggerModule.createDocument(probes, new DocumentBuilder().build()),
      );
      await probes.init();
      await probes.getHttpAdapter().getInstance().ready();
      const response = await probes.inject({ method: 'GET', url: '/probes' });

      expect(response.statusCode).toBe(200);
      const [first, second] = PROBES;
      const { secret, ...declared } = second ?? { secret: undefined };
      expect(secret).toBe('not declared');
      expect(response.body).toBe(
        JSON.stringify({
          items: [first, declared],
          nextCursor: 'next',
          prevCursor: null,
          total: 2,
          totalExact: true,
        }),
      );
    } finally {
      await probes.close();
    }
  });
});
