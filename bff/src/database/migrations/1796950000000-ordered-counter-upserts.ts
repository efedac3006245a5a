import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every counter trigger takes its counter rows in one order (docs/operations.md, "Deadlocks and
 * serialization failures"). The statement-level triggers that keep a count or a sum per key
 * (`claim_counts`, `inventory_facet_counts`, `inventory_stock_counts`, `inventory_stock_totals`,
 * `unclaimed_movement_counts`, the rollups `claim_daily_stats`, `claim_decision_histograms` and
 * `inventory_daily_stats`) and the one that puts movements back into `unclaimed_movements` upsert
 * several rows per statement (a transition: −1 on its old status, +1 on its new one). They did so in
 * whatever order their GROUP BY's hash table gave, which for the same two keys can depend on the
 * order of the input, that is on the direction of the change: a claim going in_review → info_requested
 * and another going back locked the same two `claim_counts` rows in opposite orders, and PostgreSQL
 * broke the deadlock by failing one of them (40P01, answered 500 until then; found by bench:soak).
 * Each upsert now sorts its rows by its conflict key (`ORDER BY` the `ON CONFLICT` columns), so two
 * transactions wait for each other on their first common row instead. Otherwise the functions are
 * unchanged: their bodies as the earlier migrations left them are below, and down() restores them.
 *
 * Not changed: `analytics_versions_follow` (one row per partner, taken at commit, after every rollup
 * row: see 1796200000000-analytics-versions.ts).
 */

/** The trigger functions' bodies before this migration (as 1795500000000 … 1796100000000 left them). */
const PREVIOUS: Readonly<Record<string, string>> = {
  inventory_facet_counts_follow: `
      DECLARE
        changed_rows text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, category, warehouse, 1 AS delta FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, category, warehouse, -1 AS delta FROM removed'
          ELSE 'SELECT n.partner_id, n.category, n.warehouse, 1 AS delta, o.partner_id AS old_partner_id,
                       o.category AS old_category, o.warehouse AS old_warehouse
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.category, o.warehouse) IS DISTINCT FROM (n.partner_id, n.category, n.warehouse)'
        END;
        deltas text := CASE TG_OP
          WHEN 'UPDATE' THEN 'SELECT partner_id, category, warehouse, delta FROM changed
                              UNION ALL SELECT old_partner_id, old_category, old_warehouse, -1 FROM changed'
          ELSE 'SELECT partner_id, category, warehouse, delta FROM changed'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH changed AS (%s), deltas AS (%s),
          summed AS (
            SELECT partner_id, facet, value, sum(delta)::integer AS delta
              FROM deltas, LATERAL (VALUES ('category', category), ('warehouse', warehouse)) AS f (facet, value)
             GROUP BY partner_id, facet, value
            HAVING sum(delta) <> 0
          )
          INSERT INTO inventory_facet_counts AS counts (partner_id, facet, value, item_count)
          SELECT partner_id, facet, value, delta FROM summed
          ON CONFLICT (partner_id, facet, value)
            DO UPDATE SET item_count = counts.item_count + EXCLUDED.item_count
        $statement$, changed_rows, deltas);
        RETURN NULL;
      END `,
  claim_counts_follow: `
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, status, type, 1 AS delta FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, status, type, -1 AS delta FROM removed'
          ELSE 'SELECT n.partner_id, n.status, n.type, 1 AS delta
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.status, o.type) IS DISTINCT FROM (n.partner_id, n.status, n.type)
                UNION ALL
                SELECT o.partner_id, o.status, o.type, -1
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.partner_id, o.status, o.type) IS DISTINCT FROM (n.partner_id, n.status, n.type)'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH summed AS (
            SELECT partner_id, status, type, sum(delta)::integer AS delta
              FROM (%s) AS deltas
             GROUP BY partner_id, status, type
            HAVING sum(delta) <> 0
          )
          INSERT INTO claim_counts AS counts (partner_id, status, type, claim_count)
          SELECT partner_id, status, type, delta FROM summed
          ON CONFLICT (partner_id, status, type)
            DO UPDATE SET claim_count = counts.claim_count + EXCLUDED.claim_count
        $statement$, deltas);
        RETURN NULL;
      END `,
  claim_rollups_follow: `
  BEGIN
    
  INSERT INTO claim_daily_stats AS s (partner_id, day, type, filed_count, filed_amount,
    approved_count, approved_amount, rejected_count, paid_count, paid_amount, closed_count, closed_amount)
  SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day, c.type,
         count(*) FILTER (WHERE e.to_status = 'submitted'),
         coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status = 'submitted'), 0),
         count(*) FILTER (WHERE e.to_status = 'approved'),
         coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'approved'), 0),
         count(*) FILTER (WHERE e.to_status = 'rejected'),
         count(*) FILTER (WHERE e.to_status = 'paid'),
         coalesce(sum(c.amount_approved) FILTER (WHERE e.to_status = 'paid'), 0),
         count(*) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid')),
         coalesce(sum(c.amount_claimed) FILTER (WHERE e.to_status IN ('withdrawn', 'rejected', 'paid')), 0)
    FROM added AS e
    JOIN claims AS c ON c.partner_id = e.partner_id AND c.id = e.claim_id
    JOIN partners AS p ON p.id = e.partner_id
   WHERE e.kind = 'transition' AND e.to_status IN ('submitted', 'approved', 'rejected', 'paid', 'withdrawn')
   GROUP BY e.partner_id, day, c.type
  ON CONFLICT (partner_id, day, type) DO UPDATE SET
    filed_count = s.filed_count + EXCLUDED.filed_count,
    filed_amount = s.filed_amount + EXCLUDED.filed_amount,
    approved_count = s.approved_count + EXCLUDED.approved_count,
    approved_amount = s.approved_amount + EXCLUDED.approved_amount,
    rejected_count = s.rejected_count + EXCLUDED.rejected_count,
    paid_count = s.paid_count + EXCLUDED.paid_count,
    paid_amount = s.paid_amount + EXCLUDED.paid_amount,
    closed_count = s.closed_count + EXCLUDED.closed_count,
    closed_amount = s.closed_amount + EXCLUDED.closed_amount;
    
  INSERT INTO claim_decision_histograms AS h (partner_id, day, counts)
  SELECT partner_id, day, histogram_sum(array_fill(decisions, ARRAY[1], ARRAY[days]))
    FROM (SELECT e.partner_id, (e.at AT TIME ZONE p.time_zone)::date AS day,
                 (e.at AT TIME ZONE p.time_zone)::date - (c.submitted_at AT TIME ZONE p.time_zone)::date AS days,
                 count(*)::integer AS decisions
            FROM added AS e
            JOIN claims AS c ON c.partner_id = e.partner_id AND c.id = e.claim_id
            JOIN partners AS p ON p.id = e.partner_id
           WHERE e.kind = 'transition' AND e.to_status IN ('approved', 'rejected')
             AND c.submitted_at IS NOT NULL
           GROUP BY 1, 2, 3) AS decided
   GROUP BY partner_id, day
  ON CONFLICT (partner_id, day) DO UPDATE SET counts = histogram_add(h.counts, EXCLUDED.counts);
    RETURN NULL;
  END `,
  inventory_rollups_follow: `
      BEGIN
        
  INSERT INTO inventory_daily_stats AS s (partner_id, day, units_delta, value_delta,
    lost_units, lost_value, damaged_units, damaged_value)
  SELECT m.partner_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day,
         sum(m.quantity::bigint),
         sum(m.quantity::bigint * i.unit_value),
         coalesce(-sum(m.quantity::bigint) FILTER (WHERE m.kind = 'loss'), 0),
         coalesce(-sum(m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'loss'), 0),
         coalesce(-sum(m.quantity::bigint) FILTER (WHERE m.kind = 'damage'), 0),
         coalesce(-sum(m.quantity::bigint * i.unit_value) FILTER (WHERE m.kind = 'damage'), 0)
    FROM added AS m
    JOIN inventory_items AS i ON i.partner_id = m.partner_id AND i.id = m.item_id
    JOIN partners AS p ON p.id = m.partner_id
   GROUP BY m.partner_id, day
  ON CONFLICT (partner_id, day) DO UPDATE SET
    units_delta = s.units_delta + EXCLUDED.units_delta,
    value_delta = s.value_delta + EXCLUDED.value_delta,
    lost_units = s.lost_units + EXCLUDED.lost_units,
    lost_value = s.lost_value + EXCLUDED.lost_value,
    damaged_units = s.damaged_units + EXCLUDED.damaged_units,
    damaged_value = s.damaged_value + EXCLUDED.damaged_value;
        RETURN NULL;
      END `,
  inventory_stock_totals_follow: `
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, on_hand::bigint AS units, on_hand::bigint * unit_value AS value FROM added'
          WHEN 'DELETE' THEN 'SELECT partner_id, -on_hand::bigint, -on_hand::bigint * unit_value FROM removed'
          ELSE 'SELECT n.partner_id, n.on_hand::bigint - o.on_hand,
                       n.on_hand::bigint * n.unit_value - o.on_hand::bigint * o.unit_value
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE (o.on_hand, o.unit_value) IS DISTINCT FROM (n.on_hand, n.unit_value)'
        END;
      BEGIN
        EXECUTE format($statement$
          INSERT INTO inventory_stock_totals AS t (partner_id, units, value)
          SELECT d.partner_id, sum(d.units), sum(d.value)
            FROM (%s) AS d (partner_id, units, value)
           WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = d.partner_id)
           GROUP BY d.partner_id
          ON CONFLICT (partner_id)
            DO UPDATE SET units = t.units + EXCLUDED.units, value = t.value + EXCLUDED.value
        $statement$, deltas);
        RETURN NULL;
      END `,
  unclaimed_movements_follow_claims: `
      DECLARE
        touched text := CASE TG_OP
          WHEN 'DELETE' THEN 'SELECT movement_id FROM removed'
          ELSE 'SELECT unnest(ARRAY[o.movement_id, n.movement_id])
                  FROM removed AS o JOIN added AS n USING (id)
                 WHERE o.movement_id IS DISTINCT FROM n.movement_id
                    OR (o.status = ''withdrawn'') <> (n.status = ''withdrawn'')'
        END;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          DELETE FROM unclaimed_movements AS u USING added AS a
           WHERE u.movement_id = a.movement_id AND a.status <> 'withdrawn';
          RETURN NULL;
        END IF;
        EXECUTE format($statement$
          WITH touched AS (
            SELECT DISTINCT movement_id FROM (%s) AS t (movement_id) WHERE movement_id IS NOT NULL
          ),
          decided AS (
            SELECT t.movement_id,
                   EXISTS (SELECT 1 FROM claims AS c
                            WHERE c.movement_id = t.movement_id AND c.status <> 'withdrawn') AS claimed
              FROM touched AS t
          ),
          gone AS (
            DELETE FROM unclaimed_movements AS u USING decided AS d
             WHERE u.movement_id = d.movement_id AND d.claimed
          )
          INSERT INTO unclaimed_movements (movement_id, partner_id, item_id, kind, quantity, occurred_at, deadline)
          SELECT m.id, m.partner_id, m.item_id, m.kind, m.quantity, m.occurred_at,
                 (m.occurred_at AT TIME ZONE p.time_zone)::date + 60
            FROM decided AS d
            JOIN inventory_movements AS m ON m.id = d.movement_id
            JOIN partners AS p ON p.id = m.partner_id
           WHERE NOT d.claimed AND m.kind IN ('loss', 'damage')
          ON CONFLICT (movement_id) DO NOTHING
        $statement$, touched);
        RETURN NULL;
      END `,
  unclaimed_movement_counts_follow: `
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT partner_id, deadline, 1 AS delta FROM added'
          ELSE 'SELECT partner_id, deadline, -1 AS delta FROM removed'
        END;
      BEGIN
        EXECUTE format($statement$
          INSERT INTO unclaimed_movement_counts AS counts (partner_id, deadline, movement_count)
          SELECT partner_id, deadline, sum(delta)::integer FROM (%s) AS deltas
           WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = deltas.partner_id)
           GROUP BY partner_id, deadline
          ON CONFLICT (partner_id, deadline)
            DO UPDATE SET movement_count = counts.movement_count + EXCLUDED.movement_count
        $statement$, deltas);
        RETURN NULL;
      END `,
  inventory_stock_counts_follow: `
      DECLARE
        deltas text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT n.partner_id, CASE WHEN n.on_hand - n.reserved <= 0 THEN ''out'' WHEN n.on_hand - n.reserved <= n.reorder_point THEN ''low'' ELSE ''in'' END AS state, 1 AS delta FROM added AS n'
          WHEN 'DELETE' THEN 'SELECT o.partner_id, CASE WHEN o.on_hand - o.reserved <= 0 THEN ''out'' WHEN o.on_hand - o.reserved <= o.reorder_point THEN ''low'' ELSE ''in'' END AS state, -1 AS delta FROM removed AS o'
          ELSE 'SELECT d.partner_id, d.state, d.delta FROM removed AS o JOIN added AS n USING (id),
                  LATERAL (VALUES (n.partner_id, CASE WHEN n.on_hand - n.reserved <= 0 THEN ''out'' WHEN n.on_hand - n.reserved <= n.reorder_point THEN ''low'' ELSE ''in'' END, 1), (o.partner_id, CASE WHEN o.on_hand - o.reserved <= 0 THEN ''out'' WHEN o.on_hand - o.reserved <= o.reorder_point THEN ''low'' ELSE ''in'' END, -1))
                    AS d (partner_id, state, delta)
                 WHERE (o.partner_id, CASE WHEN o.on_hand - o.reserved <= 0 THEN ''out'' WHEN o.on_hand - o.reserved <= o.reorder_point THEN ''low'' ELSE ''in'' END) IS DISTINCT FROM (n.partner_id, CASE WHEN n.on_hand - n.reserved <= 0 THEN ''out'' WHEN n.on_hand - n.reserved <= n.reorder_point THEN ''low'' ELSE ''in'' END)'
        END;
      BEGIN
        EXECUTE format($statement$
          WITH summed AS (
            SELECT partner_id, state, sum(delta)::integer AS delta FROM (%s) AS deltas
             WHERE EXISTS (SELECT 1 FROM partners p WHERE p.id = deltas.partner_id)
             GROUP BY partner_id, state
            HAVING sum(delta) <> 0
          )
          INSERT INTO inventory_stock_counts AS counts (partner_id, state, item_count)
          SELECT partner_id, state, delta FROM summed
          ON CONFLICT (partner_id, state)
            DO UPDATE SET item_count = counts.item_count + EXCLUDED.item_count
        $statement$, deltas);
        RETURN NULL;
      END `,
};

/** `body` with each `ON CONFLICT (key)` upsert taking its rows in the order of that key. */
export function orderedByConflictKey(body: string): string {
  const ordered = body.replace(
    /(\n\s*)ON CONFLICT \(([^)]+)\)/g,
    (_match, indent: string, key: string) =>
      `${indent}ORDER BY ${key}${indent}ON CONFLICT (${key})`,
  );
  if (ordered === body) throw new Error('No ON CONFLICT to order');
  return ordered;
}

function replaceFunction(name: string, body: string): string {
  return `CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $function$${body}$function$`;
}

export class OrderedCounterUpserts1796950000000 implements MigrationInterface {
  name = 'OrderedCounterUpserts1796950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, body] of Object.entries(PREVIOUS)) {
      await queryRunner.query(replaceFunction(name, orderedByConflictKey(body)));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, body] of Object.entries(PREVIOUS)) {
      await queryRunner.query(replaceFunction(name, body));
    }
  }
}
