import { ApiKey } from '../api-keys/api-key.entity.js';
import { ClaimDailyStat } from '../analytics/claim-daily-stat.entity.js';
import { AnalyticsVersion } from '../analytics/analytics-version.entity.js';
import { ClaimDecisionHistogram } from '../analytics/claim-decision-histogram.entity.js';
import { InventoryDailyStat } from '../analytics/inventory-daily-stat.entity.js';
import { InventoryStockTotal } from '../analytics/inventory-stock-total.entity.js';
import { AuditLog } from '../audit/audit-log.entity.js';
import { Claim } from '../claims/claim.entity.js';
import { ClaimAttachment } from '../claims/claim-attachment.entity.js';
import { ClaimCount } from '../claims/claim-count.entity.js';
import { ClaimEvent } from '../claims/claim-event.entity.js';
import { ClaimEvidenceBlob } from '../claims/claim-evidence-blob.entity.js';
import { ClaimNumberCounter } from '../claims/claim-number-counter.entity.js';
import { PasswordResetToken } from '../auth/password/password-reset-token.entity.js';
import { RefreshToken } from '../auth/tokens/refresh-token.entity.js';
import { InventoryFacetCount } from '../inventory/inventory-facet-count.entity.js';
import { InventoryItem } from '../inventory/inventory-item.entity.js';
import { InventoryMovement } from '../inventory/inventory-movement.entity.js';
import { Invitation } from '../invitations/invitation.entity.js';
import { InventoryStockCount } from '../overview/inventory-stock-count.entity.js';
import { UnclaimedMovementCount } from '../overview/unclaimed-movement-count.entity.js';
import { UnclaimedMovement } from '../overview/unclaimed-movement.entity.js';
import { DigestRun } from '../notifications/digest-run.entity.js';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity.js';
import { NotificationPreference } from '../notifications/notification-preference.entity.js';
import { Membership } from '../partners/membership.entity.js';
import { Partner } from '../partners/partner.entity.js';
import { ClaimWaitingHour } from '../staff/claim-waiting-hour.entity.js';
import { User } from '../users/user.entity.js';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity.js';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.entity.js';
import { WebhookEvent } from '../webhooks/webhook-event.entity.js';

/** Every entity of the schema; a feature adds its entities here (the migrations must match them). */
export const ENTITIES = [
  Partner,
  User,
  Membership,
  AuditLog,
  RefreshToken,
  PasswordResetToken,
  Invitation,
  InventoryItem,
  InventoryMovement,
  InventoryFacetCount,
  ClaimNumberCounter,
  Claim,
  ClaimCount,
  ClaimWaitingHour,
  ClaimEvent,
  ClaimAttachment,
  ClaimEvidenceBlob,
  ClaimDailyStat,
  ClaimDecisionHistogram,
  AnalyticsVersion,
  InventoryDailyStat,
  InventoryStockTotal,
  UnclaimedMovement,
  UnclaimedMovementCount,
  InventoryStockCount,
  NotificationPreference,
  DigestRun,
  ApiKey,
  IdempotencyKey,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
];

/**
 * The tables of tenant data: every row belongs to one partner (`partner_id`), and every statement on
 * them is scoped by it (repositories take the partner id first). The integration suite fails on a
 * statement that touches one of them without naming `partner_id`, and `migrations.e2e-spec.ts` on an
 * entity with a `partner_id` column that is missing here.
 */
export const TENANT_TABLES: readonly string[] = [
  'memberships',
  'invitations',
  'audit_logs',
  'inventory_items',
  'inventory_movements',
  'inventory_facet_counts',
  'claim_number_counters',
  'claims',
  'claim_counts',
  'claim_events',
  'claim_attachments',
  'claim_evidence_blobs',
  'claim_daily_stats',
  'claim_decision_histograms',
  'analytics_versions',
  'inventory_daily_stats',
  'inventory_stock_totals',
  'unclaimed_movements',
  'unclaimed_movement_counts',
  'inventory_stock_counts',
  'notification_preferences',
  'digest_runs',
  'api_keys',
  'webhook_endpoints',
  'webhook_events',
  'webhook_deliveries',
];
