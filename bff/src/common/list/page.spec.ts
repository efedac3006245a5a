import { afterAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiOkResponse, ApiProperty, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { PageDto } from './page.js';

class ProbeDto {
  @ApiProperty()
  name!: string;
}

@Controller('probes')
class ProbeController {
  @Get()
  @ApiOkResponse({ type: PageDto(ProbeDto) })
  list(): void {}
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
