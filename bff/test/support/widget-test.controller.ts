import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { IsInt, IsString, Length, Min } from 'class-validator';
import { Public } from '#src/auth/decorators/public.decorator.js';

/** Exists only in tests: a route that validates a body, and one that fails. */
export class CreateWidgetDto {
  @IsString()
  @Length(3, 40)
  name!: string;

  @IsInt()
  @Min(1)
  quantity!: number;
}

@Public()
@Controller('api/test/widgets')
export class WidgetTestController {
  /** How many widgets the route took: a refused request must not reach it. */
  created = 0;

  @Post()
  @HttpCode(201)
  create(@Body() body: CreateWidgetDto): CreateWidgetDto & { isDto: boolean } {
    this.created += 1;
    return { ...body, isDto: body instanceof CreateWidgetDto };
  }

  @Post('explode')
  explode(): never {
    throw new Error('secret internals: connection string postgres://user:hunter2@db');
  }
}

/** Exists only in tests: a request that takes a while, to watch a shutdown wait for it. */
@Public()
@Controller('api/test/slow')
export class SlowTestController {
  @Post()
  @HttpCode(200)
  async slow(): Promise<{ finished: boolean }> {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { finished: true };
  }
}
