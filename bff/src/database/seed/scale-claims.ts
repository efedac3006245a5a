import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  CandidateSelector,
  type ClaimableKind,
  CLAIM_COPY_COLUMNS,
  CLAIM_EVENT_COPY_COLUMNS,
  type ClaimCandidate,
  ClaimColumns,
  ClaimCopySink,
  type ClaimSink,
  type ClaimItemChoice,
  type ClaimsGeneratorOptions,
  claimSources,
  insertClaims,
  movementClaimCount,
  recentSince,
  writeClaim,
} from './claims-generator.js';

/**
 * The claims of `gen:data` (docs/operations.md): for each scale partner, as many claims as asked, filed
 * by the claims generator (claims-generator.ts, the demo's) for the partner's losses, damages and
 * receipts as they are in the database, with their timelines, and written with COPY. No evidence files
 * at scale (the attachments and their events are left out).
 */

export interface ScaleClaimsPartner {
  id: string;
  slug: string;
  currency: string;
  timeZone: string;
  claims: number;
}

/** Claims per COPY: each batch is generated, encoded and sent while nothing else is kept. */
const CLAIM_BATCH = 20_000;
/** One item in this many candidates is offered to `other` claims. */
const OTHER_ITEM_STRIDE = 97;

export const SCALE_STAFF_EMAIL = 'staff@scale.example';

/** The staff user who reviews the scale claims (created with the demo password if missing). */
export async function scaleReviewer(client: pg.Client, passwordHash: string): Promise<string> {
  await client.query(
    `INSERT INTO users (email, name, password_hash, status, is_staff)
     VALUES ($1, 'Scale Staff', $2, 'active', true) ON CONFLICT DO NOTHING`,
    [SCALE_STAFF_EMAIL, passwordHash],
  );
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [
    SCALE_STAFF_EMAIL,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${SCALE_STAFF_EMAIL}`);
  return id;
}

/** COPY's text format: `\N` is null; backslash escapes undone. */
function copyText(value: string): string | null {
  if (value === '\\N') return null;
  return value.includes('\\')
    ? value.replace(/\\(.)/g, (_, c: string) =>
        c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c,
      )
    : value;
}

const CANDIDATES_SQL = (partnerId: string) => `
  SELECT m.id, m.item_id, m.kind, abs(m.quantity) AS units,
         (extract(epoch FROM m.occurred_at) * 1000)::bigint AS occurred_at, m.reference, m.note,
         i.unit_value
    FROM inventory_movements m
    JOIN inventory_items i ON i.partner_id = m.partner_id AND i.id = m.item_id
   WHERE m.partner_id = '${partnerId}' AND i.partner_id = '${partnerId}'
     AND m.kind IN ('loss', 'damage', 'receipt')
   ORDER BY m.id`;

/**
 * The partner's losses, damages and receipts in id order (the generator's order): streamed by COPY
 * TO STDOUT, or, with `insert` (PGlite speaks no COPY), read at once.
 */
async function* candidatesOf(
  client: pg.Client,
  partnerId: string,
  method: 'copy' | 'insert',
): AsyncGenerator<ClaimCandidate> {
  // The id is a uuid from the database, never text from outside.
  if (!/^[0-9a-f-]{36}$/.test(partnerId)) throw new Error(`not a partner id: ${partnerId}`);
  if (method === 'insert') {
    const { rows } = await client.query<Record<string, string | number | null>>(
      CANDIDATES_SQL(partnerId),
    );
    for (const row of rows) {
      yield {
        movementId: row.id as string,
        itemId: row.item_id as string,
        kind: row.kind as ClaimableKind,
        units: Number(row.units),
        occurredAt: Number(row.occurred_at),
        reference: row.reference as string | null,
        note: row.note as string | null,
        unitValue: Number(row.unit_value),
      };
    }
    return;
  }
  const stream = client.query(copyTo(`COPY (${CANDIDATES_SQL(partnerId)}) TO STDOUT`));
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    const [id, itemId, kind, units, occurredAt, reference, note, unitValue] = line.split('\t');
    yield {
      movementId: id as string,
      itemId: itemId as string,
      kind: kind as ClaimableKind,
      units: Number(units),
      occurredAt: Number(occurredAt),
      reference: copyText(reference ?? '\\N'),
      note: copyText(note ?? '\\N'),
      unitValue: Number(unitValue),
    };
  }
}

async function copyInto(client: pg.Client, sql: string, body: Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(sql));
  const finished = once(stream, 'finish');
  stream.end(body);
  await finished;
}

/** How many claims and events were written. */
export interface ScaleClaimsResult {
  claims: number;
  events: number;
}

/**
 * Files `partner.claims` claims for the partner: candidates counted by class, chosen in one streamed
 * pass, numbered in filing order, written in batches with COPY; the number counter set to the last.
 */
export async function writeScaleClaims(
  client: pg.Client,
  partner: ScaleClaimsPartner,
  people: { editors: readonly string[]; reviewers: readonly string[] },
  seed: string,
  now: Date,
  method: 'copy' | 'insert',
  progress: (claims: number, events: number) => void,
): Promise<ScaleClaimsResult> {
  if (partner.claims === 0) return { claims: 0, events: 0 };
  if (people.editors.length === 0) throw new Error(`${partner.slug} has no manager or admin`);
  const options: ClaimsGeneratorOptions = {
    seed,
    partnerKey: partner.slug,
    now,
    timeZone: partner.timeZone,
    currency: partner.currency,
    editors: people.editors,
    reviewers: people.reviewers,
    evidence: false,
  };
  const { rows } = await client.query<{ kind: ClaimableKind; recent: boolean; n: number }>(
    `SELECT kind, occurred_at > $2::timestamptz AS recent, count(*)::int AS n
       FROM inventory_movements
      WHERE partner_id = $1 AND kind IN ('loss', 'damage', 'receipt')
      GROUP BY 1, 2`,
    [partner.id, new Date(recentSince(now)).toISOString()],
  );
  const counts = new Map(
    rows.map((row) => [`${row.kind}/${row.recent ? 'recent' : 'older'}`, row.n]),
  );
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  const selector = new CandidateSelector(
    options,
    counts,
    movementClaimCount(partner.claims, total),
  );
  const items: ClaimItemChoice[] = [];
  let seen = 0;
  for await (const candidate of candidatesOf(client, partner.id, method)) {
    if (seen % OTHER_ITEM_STRIDE === 0)
      items.push({ id: candidate.itemId, unitValue: candidate.unitValue });
    seen += 1;
    selector.offer(candidate);
  }
  const sources = claimSources(options, selector.chosen, partner.claims, items);
  selector.chosen.length = 0;

  let claims = 0;
  let events = 0;
  for (let from = 0; from < sources.length; from += CLAIM_BATCH) {
    const to = Math.min(from + CLAIM_BATCH, sources.length);
    const write = (sink: ClaimSink) => {
      for (let index = from; index < to; index += 1) {
        writeClaim(options, sources[index] as (typeof sources)[number], index + 1, sink);
      }
    };
    if (method === 'insert') {
      const columns = new ClaimColumns(partner.id);
      write(columns);
      await insertClaims((sql, values) => client.query(sql, values), [columns]);
      claims += columns.claims.length;
      events += columns.events.length;
    } else {
      const sink = new ClaimCopySink(partner.id);
      write(sink);
      await copyInto(client, `COPY claims (${CLAIM_COPY_COLUMNS}) FROM STDIN`, sink.claims.bytes());
      await copyInto(
        client,
        `COPY claim_events (${CLAIM_EVENT_COPY_COLUMNS}) FROM STDIN`,
        sink.events.bytes(),
      );
      claims += sink.claimCount;
      events += sink.eventCount;
    }
    progress(claims, events);
  }
  await client.query(
    `INSERT INTO claim_number_counters (partner_id, last_number) VALUES ($1, $2)
     ON CONFLICT (partner_id) DO UPDATE SET last_number = EXCLUDED.last_number`,
    [partner.id, claims],
  );
  return { claims, events };
}
