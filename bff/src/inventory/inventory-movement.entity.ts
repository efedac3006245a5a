import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';
import { InventoryItem } from './inventory-item.entity.js';
import { ApiKey } from '../api-keys/api-key.entity.js';

export const MOVEMENT_KINDS = [
  'receipt',
  'shipment',
  'adjustment',
  'damage',
  'loss',
  'return',
  'transfer',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * One change of an item's stock (docs/product.md §4): `quantity` is signed and moves on hand by itself;
 * the sign fits the kind (the check below; docs/api.md, InventoryMovement). Never updated or deleted:
 * the item's quantities are the sum of its movements.
 */
@Entity({ name: 'inventory_movements' })
@Index('inventory_movements_recorded_by_key_id_idx', ['recordedByKeyId'])
// A person or a key, never both (migration 1796800000000-api-keys).
@Check(
  'inventory_movements_one_actor_check',
  `"recorded_by_user_id" IS NULL OR "recorded_by_key_id" IS NULL`,
)
// The item's history, newest first (keyset on occurred_at, id).
@Index('inventory_movements_history_idx', ['partnerId', 'itemId', 'occurredAt', 'id'])
@Index('inventory_movements_recorded_by_user_id_idx', ['recordedByUserId'])
// A partner's latest recorded movements (the overview's recent activity).
@Index('inventory_movements_recent_idx', ['partnerId', 'recordedAt', 'id'])
@Check(
  'inventory_movements_kind_check',
  `"kind" IN ('receipt', 'shipment', 'adjustment', 'damage', 'loss', 'return', 'transfer')`,
)
@Check(
  'inventory_movements_quantity_sign_check',
  `("kind" IN ('receipt', 'return') AND "quantity" > 0) OR ("kind" IN ('shipment', 'damage', 'loss') AND "quantity" < 0) OR ("kind" IN ('adjustment', 'transfer') AND "quantity" <> 0)`,
)
export class InventoryMovement {
  @IdColumn('inventory_movements')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'inventory_movements', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @UuidColumn('item_id')
  itemId!: string;

  @References(() => InventoryItem, 'inventory_movements', 'item_id', 'CASCADE')
  item?: Relation<InventoryItem>;

  @Column({ type: 'text' })
  kind!: MovementKind;

  @Column({ type: 'integer' })
  quantity!: number;

  /** The shipment, order or receipt it belongs to. */
  @Column({ type: 'text', nullable: true })
  reference!: string | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** When it happened in the warehouse. */
  @TimestampColumn('occurred_at')
  occurredAt!: Date;

  /** When it was recorded here. */
  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' })
  recordedAt!: Date;

  /** The staff member or service account that recorded it; null for imports and demo data. */
  @UuidColumn('recorded_by_user_id', { nullable: true })
  recordedByUserId!: string | null;

  @References(() => User, 'inventory_movements', 'recorded_by_user_id', 'SET NULL')
  recordedBy?: Relation<User> | null;

  /** The API key that did it (docs/api.md, API keys), when no person did. */
  @UuidColumn('recorded_by_key_id', { nullable: true })
  recordedByKeyId!: string | null;

  @References(() => ApiKey, 'inventory_movements', 'recorded_by_key_id', 'SET NULL')
  recordedByKey?: Relation<ApiKey> | null;
}
