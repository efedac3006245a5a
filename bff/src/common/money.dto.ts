import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** An amount of money in an answer (common/money.ts): minor units and the partner's currency. */
@ApiSchema({ name: 'Money' })
export class MoneyDto {
  @ApiProperty({ type: 'integer', example: 12345, description: 'Minor units (cents).' })
  amount!: number;

  @ApiProperty({ example: 'EUR', description: 'ISO 4217: the partner’s currency.' })
  currency!: string;
}
