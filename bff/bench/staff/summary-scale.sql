-- The staff summary's statement at the full bench's size, without the full bench's 9-minute load
-- (docs/performance.md, "Staff queue"): 10,000 partners (one item each), 1,000,000 waiting claims and
-- 100,000 decided in the last 60 days, spread as bench/staff/queue.ts spreads them (60 % submitted,
-- waiting 0–30 days); then EXPLAIN ANALYZE of the summary's statement before its counters and now.
-- Only the indexes the summary reads are kept while loading (the queue's others make the load several
-- times longer and play no part in its plan). On an empty database the migrations have built:
--
--   createdb -h 127.0.0.1 -U postgres bench_staff_summary
--   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_staff_summary pnpm --filter @partner-portal/bff migration:run
--   psql -h 127.0.0.1 -U postgres -d bench_staff_summary -f bff/bench/staff/summary-scale.sql
\timing on
\set ON_ERROR_STOP on

DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT indexname FROM pg_indexes
                WHERE tablename = 'claims'
                  AND indexname NOT IN ('claims_pkey', 'claims_queue_waiting_idx', 'claims_decided_at_idx',
                                        'claims_partner_id_number_key')
  LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
END $$;

INSERT INTO partners (slug, name, time_zone, currency)
SELECT 'p-' || lpad(g::text, 6, '0'), 'Partner ' || lpad(g::text, 6, '0'), 'Europe/Berlin', 'EUR'
  FROM generate_series(1, 10000) g;
INSERT INTO inventory_items (partner_id, sku, name, category, warehouse, unit_value)
SELECT id, 'SKU-' || slug, 'Item', 'General', 'Main', 100 FROM partners;

-- Partner k holds the claims g ≡ k (mod 10,000); waiting claims first, then the decided ones.
INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value, amount_claimed,
  amount_approved, currency, incident_date, description, submitted_at, decided_at, waiting_since,
  created_at, updated_at)
SELECT n.id, 1 + g / 10000 + CASE WHEN waiting THEN 0 ELSE 101 END, t.type,
       CASE WHEN waiting THEN CASE WHEN abs(h) % 5 < 3 THEN 'submitted' ELSE 'in_review' END
            WHEN abs(h) % 4 = 0 THEN 'rejected' ELSE 'approved' END,
       CASE WHEN t.type = 'other' THEN NULL ELSE i.id END,
       1, 100, 100, CASE WHEN NOT waiting AND abs(h) % 4 <> 0 THEN 100 END,
       'EUR', (now() - interval '40 days')::date, 'A generated claim for the summary plan.',
       w.at - (abs(h) % 432000) * interval '1 second',
       CASE WHEN waiting THEN NULL ELSE w.at END,
       CASE WHEN waiting THEN w.at END,
       w.at - interval '10 days', w.at
  FROM (SELECT g, g < 1000000 AS waiting, hashint8(g) AS h, 1 + g % 10000 AS k
          FROM generate_series(0, 1099999) g) gen
  JOIN (SELECT id, row_number() OVER (ORDER BY slug) AS k FROM partners) n ON n.k = gen.k
  JOIN inventory_items i ON i.partner_id = n.id
 CROSS JOIN LATERAL (SELECT (ARRAY['lost', 'damaged', 'shortage', 'other'])[1 + abs(h) % 4] AS type) t
 CROSS JOIN LATERAL (SELECT now() - (abs(h) % CASE WHEN waiting THEN 2592000 ELSE 5184000 END)
                                    * interval '1 second' AS at) w;
VACUUM ANALYZE;

SELECT (SELECT count(*) FROM claim_counts) AS claim_counts_rows,
       (SELECT count(*) FROM claim_waiting_hours) AS claim_waiting_hours_rows,
       (SELECT sum(claim_count) FROM claim_waiting_hours) AS waiting;

-- Before: the statement of StaffRepository.summary until migration 1797000000000.
EXPLAIN (ANALYZE, BUFFERS)
SELECT
  (SELECT coalesce(sum(cc.claim_count), 0)::bigint FROM claim_counts cc
    WHERE cc.status IN ('submitted', 'in_review')) AS waiting,
  (SELECT count(*) FROM claims c
    WHERE c.status IN ('submitted', 'in_review') AND c.waiting_since < now() - interval '5 days') AS overdue,
  (SELECT to_char((min(c.waiting_since)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM claims c
    WHERE c.status IN ('submitted', 'in_review')) AS oldest,
  (SELECT count(*) FROM claims c
    WHERE c.decided_at >= now() - interval '7 days' AND c.decided_at <= now()) AS decided7,
  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.decided_at - c.submitted_at))
     FROM claims c
    WHERE c.decided_at >= now() - interval '30 days' AND c.decided_at <= now()
      AND c.submitted_at IS NOT NULL) AS median_seconds;

-- Now: StaffRepository.summary (its parameters as expressions of now()).
EXPLAIN (ANALYZE, BUFFERS)
WITH cut_off AS (
  SELECT now() - interval '5 days' AS at, date_trunc('hour', now() - interval '5 days', 'UTC') AS hour
), hours AS (
  SELECT coalesce(sum(w.claim_count), 0)::bigint AS waiting,
         coalesce(sum(w.claim_count) FILTER (WHERE w.hour < k.hour), 0)::bigint AS overdue
    FROM claim_waiting_hours w CROSS JOIN cut_off k
)
SELECT
  h.waiting,
  h.overdue + (SELECT count(*) FROM claims c
    WHERE c.status IN ('submitted', 'in_review')
      AND c.waiting_since >= k.hour AND c.waiting_since < k.at) AS overdue,
  (SELECT to_char((min(c.waiting_since)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM claims c
    WHERE c.status IN ('submitted', 'in_review')) AS oldest,
  (SELECT count(*) FROM claims c
    WHERE c.decided_at >= now() - interval '7 days' AND c.decided_at <= now()) AS decided7,
  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.decided_at - c.submitted_at))
     FROM claims c
    WHERE c.decided_at >= now() - interval '30 days' AND c.decided_at <= now()
      AND c.submitted_at IS NOT NULL) AS median_seconds
  FROM hours h CROSS JOIN cut_off k;
