import { Column, JoinColumn, ManyToOne, type ObjectType, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The column shapes every entity repeats, named as the schema names them: so that an entity reads as
 * its table, and a new one cannot get a constraint name or a time type wrong.
 */

/** `id uuid DEFAULT gen_random_uuid()`, primary key `<table>_pkey`. */
export const IdColumn = (table: string): PropertyDecorator =>
  PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: `${table}_pkey` });

/** A `uuid` column (a foreign key's, or a grouping id). */
export const UuidColumn = (name: string, options: { nullable?: boolean } = {}): PropertyDecorator =>
  Column({ name, type: 'uuid', nullable: options.nullable ?? false });

/** A `timestamptz` column; nullable for the instants that may not have come yet. */
export const TimestampColumn = (
  name: string,
  options: { nullable?: boolean } = {},
): PropertyDecorator => Column({ name, type: 'timestamptz', nullable: options.nullable ?? false });

/**
 * The relation of the foreign key in `column` (constraint `<table>_<column>_fkey`). `CASCADE`: the row
 * goes with its parent; `SET NULL`: the row outlives it (the column is nullable).
 */
export function References<T>(
  target: () => ObjectType<T>,
  table: string,
  column: string,
  onDelete: 'CASCADE' | 'SET NULL',
): PropertyDecorator {
  const relation = ManyToOne(target, { onDelete, nullable: onDelete === 'SET NULL' });
  const join = JoinColumn({ name: column, foreignKeyConstraintName: `${table}_${column}_fkey` });
  return (prototype, property) => {
    join(prototype, property);
    relation(prototype, property);
  };
}
