import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { IdColumn, References, TimestampColumn, UuidColumn } from '../database/columns.js';
import { InventoryItem } from '../inventory/inventory-item.entity.js';
import { InventoryMovement } from '../inventory/inventory-movement.entity.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';
import type { ClaimStatus, ClaimType } from './claim-lifecycle.js';
import { ApiKey } from '../api-keys/api-key.entity.js';

/** bigint columns of minor units, read as numbers (amounts stay far below 2^53). */
const minorUnits = {
  to: (value: number | null | undefined): number | null | undefined => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};

/**
 * A request to be reimbursed for stock the network lost or damaged, or for an inbound shipment received
 * short (docs/product.md §4, Claim). Its status changes only through the lifecycle table
 * (`claim-lifecycle.ts`), by one statement guarded by id, partner, version and status; `version` goes up
 * by one with every change (docs/api.md, optimistic concurrency).
 */
@Entity({ name: 'claims' })
@Index('claims_created_by_key_id_idx', ['createdByKeyId'])
// A person or a key, never both (migration 1796800000000-api-keys).
@Check('claims_one_actor_check', `"created_by_user_id" IS NULL OR "created_by_key_id" IS NULL`)
@Index('claims_partner_id_number_key', ['partnerId', 'number'], { unique: true })
// The list's sorts and filters (migration 1795700000000-claims): `(partner_id, <sort>, id)` each; the
// status tabs with the date range on the default order; the item page's claims; one holding claim per
// movement.
@Index('claims_list_created_at_idx', { synchronize: false })
@Index('claims_list_incident_date_idx', { synchronize: false })
@Index('claims_list_amount_claimed_idx', { synchronize: false })
@Index('claims_list_updated_at_idx', { synchronize: false })
@Index('claims_status_created_at_idx', { synchronize: false })
@Index('claims_item_idx', { synchronize: false })
@Index('claims_movement_id_key', { synchronize: false })
// The analytics' top items (migration 1795800000000-dashboard-rollups).
@Index('claims_submitted_at_idx', { synchronize: false })
@Index('claims_created_by_user_id_idx', ['createdByUserId'])
// The overview's needs-attention list (migration 1795810000000-overview): drafts and info requested,
// info requested first, then by filing deadline.
@Index('claims_attention_idx', { synchronize: false })
// The staff review queue and its summary (migration 1796400000000-staff-workspace): partial indexes on
// the waiting claims.
@Index('claims_queue_waiting_idx', { synchronize: false })
@Index('claims_queue_partner_idx', { synchronize: false })
@Index('claims_queue_assignee_idx', { synchronize: false })
@Index('claims_queue_amount_claimed_idx', { synchronize: false })
@Index('claims_queue_submitted_at_idx', { synchronize: false })
@Index('claims_decided_at_idx', { synchronize: false })
@Index('claims_assignee_user_id_idx', ['assigneeUserId'])
@Index('claims_pending_approval_by_user_id_idx', ['pendingApprovalByUserId'])
@Check(
  'claims_status_check',
  `"status" IN ('draft', 'submitted', 'in_review', 'info_requested', 'approved', 'rejected', 'paid', 'withdrawn')`,
)
@Check('claims_type_check', `"type" IN ('lost', 'damaged', 'shortage', 'other')`)
@Check('claims_item_check', `"type" = 'other' OR "item_id" IS NOT NULL`)
@Check('claims_number_check', `"number" >= 1`)
@Check('claims_quantity_check', `"quantity" >= 1`)
@Check(
  'claims_amounts_check',
  `"unit_value" >= 0 AND "amount_claimed" = "quantity"::bigint * "unit_value" AND ("amount_approved" IS NULL OR "amount_approved" BETWEEN 1 AND "amount_claimed")`,
)
@Check('claims_description_check', `char_length("description") BETWEEN 10 AND 5000`)
@Check('claims_version_check', `"version" >= 1`)
@Check(
  'claims_waiting_since_check',
  `("waiting_since" IS NOT NULL) = ("status" IN ('submitted', 'in_review'))`,
)
@Check(
  'claims_pending_approval_check',
  `("pending_approval_amount" IS NULL AND "pending_approval_at" IS NULL) OR ("status" = 'in_review' AND "pending_approval_at" IS NOT NULL AND "pending_approval_amount" BETWEEN 1 AND "amount_claimed")`,
)
export class Claim {
  @IdColumn('claims')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'claims', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  /** Per partner, gap-free from 1 (`claim_number_counters`); shown as `CLM-000123`. */
  @Column({ type: 'integer' })
  number!: number;

  @Column({ type: 'text' })
  type!: ClaimType;

  @Column({ type: 'text', default: 'draft' })
  status!: ClaimStatus;

  /** Required unless the type is `other`. */
  @UuidColumn('item_id', { nullable: true })
  itemId!: string | null;

  @References(() => InventoryItem, 'claims', 'item_id', 'CASCADE')
  item?: Relation<InventoryItem> | null;

  /** The loss, damage or short receipt it claims for, when filed from one. */
  @UuidColumn('movement_id', { nullable: true })
  movementId!: string | null;

  @References(() => InventoryMovement, 'claims', 'movement_id', 'CASCADE')
  movement?: Relation<InventoryMovement> | null;

  @Column({ type: 'integer' })
  quantity!: number;

  /** Minor units of `currency`, copied from the item when filed (0 for a claim without an item). */
  @Column({ name: 'unit_value', type: 'integer' })
  unitValue!: number;

  /** quantity × unitValue, minor units. */
  @Column({ name: 'amount_claimed', type: 'bigint', transformer: minorUnits })
  amountClaimed!: number;

  @Column({ name: 'amount_approved', type: 'bigint', nullable: true, transformer: minorUnits })
  amountApproved!: number | null;

  /** The partner's ISO 4217 currency when filed: the amounts' unit. */
  @Column({ type: 'text' })
  currency!: string;

  /** The day it happened, as the partner counts days (its time zone). */
  @Column({ name: 'incident_date', type: 'date' })
  incidentDate!: string;

  @Column({ type: 'text' })
  description!: string;

  /** The shipment or order it concerns. */
  @Column({ type: 'text', nullable: true })
  reference!: string | null;

  @UuidColumn('created_by_user_id', { nullable: true })
  createdByUserId!: string | null;

  @References(() => User, 'claims', 'created_by_user_id', 'SET NULL')
  createdBy?: Relation<User> | null;

  /** The API key that did it (docs/api.md, API keys), when no person did. */
  @UuidColumn('created_by_key_id', { nullable: true })
  createdByKeyId!: string | null;

  @References(() => ApiKey, 'claims', 'created_by_key_id', 'SET NULL')
  createdByKey?: Relation<ApiKey> | null;

  @TimestampColumn('submitted_at', { nullable: true })
  submittedAt!: Date | null;

  /** When it was approved or rejected. */
  @TimestampColumn('decided_at', { nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decision_reason', type: 'text', nullable: true })
  decisionReason!: string | null;

  @Column({ name: 'payout_reference', type: 'text', nullable: true })
  payoutReference!: string | null;

  /** The staff member working the claim (docs/product.md §3a); staff-only, never shown to the partner. */
  @UuidColumn('assignee_user_id', { nullable: true })
  assigneeUserId!: string | null;

  @References(() => User, 'claims', 'assignee_user_id', 'SET NULL')
  assignee?: Relation<User> | null;

  /**
   * When it last came to staff: its submission, or the partner's answer to an information request.
   * Set exactly while it waits for the network (`submitted`, `in_review`): the queue's order.
   */
  @TimestampColumn('waiting_since', { nullable: true })
  waitingSince!: Date | null;

  /** A first approval above the second-approval threshold, waiting for a second staff member. */
  @UuidColumn('pending_approval_by_user_id', { nullable: true })
  pendingApprovalByUserId!: string | null;

  @References(() => User, 'claims', 'pending_approval_by_user_id', 'SET NULL')
  pendingApprovalBy?: Relation<User> | null;

  @Column({
    name: 'pending_approval_amount',
    type: 'bigint',
    nullable: true,
    transformer: minorUnits,
  })
  pendingApprovalAmount!: number | null;

  @TimestampColumn('pending_approval_at', { nullable: true })
  pendingApprovalAt!: Date | null;

  /** Optimistic concurrency: the ETag; every change is guarded by it and raises it by one. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
