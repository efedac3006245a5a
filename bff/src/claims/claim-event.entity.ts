import { Check, Column, Entity, Index, type Relation } from 'typeorm';
import { IdColumn, References, UuidColumn } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';
import { Claim } from './claim.entity.js';
import type { ClaimStatus } from './claim-lifecycle.js';
import { ApiKey } from '../api-keys/api-key.entity.js';

export const CLAIM_EVENT_KINDS = [
  'created',
  'transition',
  'comment',
  'edit',
  'attachment',
  'internal_note',
  'assignment',
  'approval_requested',
] as const;
export type ClaimEventKind = (typeof CLAIM_EVENT_KINDS)[number];

/**
 * The staff-only kinds (docs/product.md §3a): an internal note, an assignment, a pending first
 * approval. Returned to staff only; never in a partner's timeline, overview, export or e-mail.
 */
export const STAFF_ONLY_EVENT_KINDS = [
  'internal_note',
  'assignment',
  'approval_requested',
] as const satisfies readonly ClaimEventKind[];

export function isStaffOnlyEvent(kind: ClaimEventKind): boolean {
  return (STAFF_ONLY_EVENT_KINDS as readonly ClaimEventKind[]).includes(kind);
}

/**
 * One entry of a claim's timeline (docs/product.md §4, ClaimEvent), written in the transaction of the
 * change it records. Never updated.
 */
@Entity({ name: 'claim_events' })
@Index('claim_events_actor_key_id_idx', ['actorKeyId'])
// A person or a key, never both (migration 1796800000000-api-keys).
@Check('claim_events_one_actor_check', `"actor_user_id" IS NULL OR "actor_key_id" IS NULL`)
// A claim's timeline, oldest first (keyset on at, id).
@Index('claim_events_timeline_idx', ['partnerId', 'claimId', 'at', 'id'])
// The partner's latest events (the overview's recent activity).
@Index('claim_events_recent_idx', ['partnerId', 'at', 'id'])
@Index('claim_events_actor_user_id_idx', ['actorUserId'])
@Check(
  'claim_events_kind_check',
  `"kind" IN ('created', 'transition', 'comment', 'edit', 'attachment', 'internal_note', 'assignment', 'approval_requested')`,
)
export class ClaimEvent {
  @IdColumn('claim_events')
  id!: string;

  @UuidColumn('partner_id')
  partnerId!: string;

  @References(() => Partner, 'claim_events', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @UuidColumn('claim_id')
  claimId!: string;

  @References(() => Claim, 'claim_events', 'claim_id', 'CASCADE')
  claim?: Relation<Claim>;

  @UuidColumn('actor_user_id', { nullable: true })
  actorUserId!: string | null;

  @References(() => User, 'claim_events', 'actor_user_id', 'SET NULL')
  actor?: Relation<User> | null;

  /** The API key that did it (docs/api.md, API keys), when no person did. */
  @UuidColumn('actor_key_id', { nullable: true })
  actorKeyId!: string | null;

  @References(() => ApiKey, 'claim_events', 'actor_key_id', 'SET NULL')
  actorKey?: Relation<ApiKey> | null;

  @Column({ type: 'text' })
  kind!: ClaimEventKind;

  @Column({ name: 'from_status', type: 'text', nullable: true })
  fromStatus!: ClaimStatus | null;

  @Column({ name: 'to_status', type: 'text', nullable: true })
  toStatus!: ClaimStatus | null;

  /** The comment, the message of a transition that needs one, or what an edit or upload changed. */
  @Column({ type: 'text', nullable: true })
  body!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
