import { Foundation1795322252897 } from './1795322252897-foundation.js';
import { Identity1795400000000 } from './1795400000000-identity.js';
import { Inventory1795500000000 } from './1795500000000-inventory.js';
import { InventoryListFilters1795600000000 } from './1795600000000-inventory-list-filters.js';
import { Claims1795700000000 } from './1795700000000-claims.js';
import { DashboardRollups1795800000000 } from './1795800000000-dashboard-rollups.js';
import { InventoryStockTotals1795800000001 } from './1795800000001-inventory-stock-totals.js';
import { Overview1795810000000 } from './1795810000000-overview.js';
import { InvitationVoiding1795900000000 } from './1795900000000-invitation-voiding.js';
import { CredentialGeneration1796000000000 } from './1796000000000-credential-generation.js';
import { ClaimDecisionHistograms1796100000000 } from './1796100000000-claim-decision-histograms.js';
import { AnalyticsVersions1796200000000 } from './1796200000000-analytics-versions.js';
import { ClaimIncidentDates1796300000000 } from './1796300000000-claim-incident-dates.js';
import { StaffWorkspace1796400000000 } from './1796400000000-staff-workspace.js';
import { StaffDirectory1796500000000 } from './1796500000000-staff-directory.js';
import { NotificationPreferences1796700000000 } from './1796700000000-notification-preferences.js';
import { ApiKeys1796800000000 } from './1796800000000-api-keys.js';
import { IdempotencyKeys1796860000000 } from './1796860000000-idempotency-keys.js';
import { Webhooks1796900000000 } from './1796900000000-webhooks.js';
import { OrderedCounterUpserts1796950000000 } from './1796950000000-ordered-counter-upserts.js';
import { StaffSummaryCounters1797000000000 } from './1797000000000-staff-summary-counters.js';

/** Every migration, oldest first: listed here so that the compiled app and the tests load the same set. */
export const MIGRATIONS = [
  Foundation1795322252897,
  Identity1795400000000,
  Inventory1795500000000,
  InventoryListFilters1795600000000,
  Claims1795700000000,
  DashboardRollups1795800000000,
  InventoryStockTotals1795800000001,
  Overview1795810000000,
  InvitationVoiding1795900000000,
  CredentialGeneration1796000000000,
  ClaimDecisionHistograms1796100000000,
  AnalyticsVersions1796200000000,
  ClaimIncidentDates1796300000000,
  StaffWorkspace1796400000000,
  StaffDirectory1796500000000,
  NotificationPreferences1796700000000,
  ApiKeys1796800000000,
  IdempotencyKeys1796860000000,
  Webhooks1796900000000,
  OrderedCounterUpserts1796950000000,
  StaffSummaryCounters1797000000000,
];
