import { Column } from 'typeorm';

/** A bigint column of a rollup (units or minor units), read as a number: sums stay far below 2^53. */
export const BigCount = (name: string): PropertyDecorator =>
  Column({
    name,
    type: 'bigint',
    transformer: {
      to: (value: number | null | undefined): number | null | undefined => value,
      from: (value: string | null): number | null => (value === null ? null : Number(value)),
    },
  });

/** An integer column of a rollup. */
export const Count = (name: string): PropertyDecorator => Column({ name, type: 'integer' });
