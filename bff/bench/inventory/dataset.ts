import { spawn } from 'node:child_process';
import pg from 'pg';
import type { Dataset, Profile } from '../harness/context.js';
import { databaseUrl, runSql } from '../support.js';

interface PartnerSize {
  id: string;
  slug: string;
  items: number;
}

/**
 * The bench's data set in the database of `url`: reused when it already holds what the profile asks
 * for (loading a million items takes minutes), otherwise (or with `reload`) the database is dropped,
 * created again and loaded by `gen:data` (bff/src/database/seed, docs/operations.md).
 */
export async function ensureDataset(
  url: string,
  profile: Profile,
  reload: boolean,
  log: (line: string) => void,
): Promise<Dataset> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!reload) {
    const found = await inspect(url, profile);
    if (typeof found !== 'string') {
      log(`data set: reusing database ${name} (${describe(found)}; --reload to load it again)`);
      return found;
    }
    log(`data set: database ${name} ${found}: loading it`);
  }
  const maintenance = databaseUrl(url, 'postgres');
  await runSql(maintenance, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await runSql(maintenance, `CREATE DATABASE "${name}"`);
  const startedAt = performance.now();
  await generate(url, profile);
  const seconds = (performance.now() - startedAt) / 1000;
  const loaded = await inspect(url, profile);
  if (typeof loaded === 'string') throw new Error(`after gen:data, database ${name} ${loaded}`);
  log(`data set: loaded in ${seconds.toFixed(0)} s (${describe(loaded)})`);
  return loaded;
}

function describe(dataset: Dataset): string {
  return `${dataset.items.toLocaleString('en')} items and ${dataset.claims.toLocaleString('en')} claims for ${dataset.slug}, token for ${dataset.userEmail}`;
}

/** The data set, or why the database does not hold it. */
async function inspect(url: string, profile: Profile): Promise<Dataset | string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return 'does not exist';
  }
  try {
    const tables = await client.query(`SELECT to_regclass('inventory_facet_counts') AS t`);
    if ((tables.rows[0] as { t: string | null }).t === null) return 'has no inventory tables';
    // The facet counts are exact (statement triggers): a partner's size without counting a million rows.
    const sizes = await client.query<PartnerSize>(
      `SELECT p.id, p.slug, coalesce(sum(f.item_count), 0)::int AS items
         FROM partners p
         LEFT JOIN inventory_facet_counts f ON f.partner_id = p.id AND f.facet = 'category'
        GROUP BY p.id, p.slug
        ORDER BY items DESC, p.slug`,
    );
    const [big, ...others] = sizes.rows;
    if (big === undefined || big.items !== profile.bigItems) {
      return `holds ${big?.items ?? 0} items for its biggest partner, not ${profile.bigItems}`;
    }
    const beside = others.filter((partner) => partner.items > 0).length;
    if (beside < profile.otherPartners) {
      return `has ${beside} partners with items beside the big one, not ${profile.otherPartners}`;
    }
    const movements = await client.query(
      `SELECT EXISTS (SELECT 1 FROM inventory_movements WHERE partner_id = $1) AS any`,
      [big.id],
    );
    if (!(movements.rows[0] as { any: boolean }).any) return 'holds no movements';
    const member = await client.query<{ email: string }>(
      `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.partner_id = $1 AND u.status = 'active'
        ORDER BY m.role = 'admin' DESC, u.email LIMIT 1`,
      [big.id],
    );
    const email = member.rows[0]?.email;
    if (email === undefined) return `has no member of ${big.slug} to sign a token for`;
    return {
      slug: big.slug,
      partnerId: big.id,
      items: big.items,
      userEmail: email,
      claims: await claimsOf(client, big.id),
    };
  } finally {
    await client.end();
  }
}

/** The partner's claims, from the trigger-kept counts (0 when there is no claims table yet). */
async function claimsOf(client: pg.Client, partnerId: string): Promise<number> {
  const table = await client.query(`SELECT to_regclass('claim_counts') AS t`);
  if ((table.rows[0] as { t: string | null }).t === null) return 0;
  const result = await client.query(
    `SELECT coalesce(sum(claim_count), 0)::int AS claims FROM claim_counts WHERE partner_id = $1`,
    [partnerId],
  );
  return (result.rows[0] as { claims: number }).claims;
}

/**
 * The data set with its claims (bench:claims): reused when the big partner holds the profile's claims;
 * added by `gen:data --claims-only` (from the inventory as it is) when it holds none.
 */
export async function ensureClaims(
  url: string,
  profile: Profile,
  dataset: Dataset,
  log: (line: string) => void,
): Promise<Dataset> {
  if (dataset.claims === profile.bigClaims) {
    log(`claims: reusing the ${profile.bigClaims.toLocaleString('en')} claims of ${dataset.slug}`);
    return dataset;
  }
  if (dataset.claims !== 0) {
    throw new Error(
      `${dataset.slug} holds ${dataset.claims} claims, not ${profile.bigClaims}: --reload to load the data set again`,
    );
  }
  const startedAt = performance.now();
  await generate(url, profile, [
    '--claims-only',
    '--first-partner-claims',
    String(profile.bigClaims),
    '--claims-per-partner',
    String(profile.otherClaims),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const claims = await claimsOf(client, dataset.partnerId);
    if (claims !== profile.bigClaims)
      throw new Error(`after gen:data, ${dataset.slug} holds ${claims} claims`);
    log(`claims: loaded in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    return { ...dataset, claims };
  } finally {
    await client.end();
  }
}

/** `pnpm run gen:data` into the database of `url`, its output passed through. */
async function generate(
  url: string,
  profile: Profile,
  only: readonly string[] = [],
): Promise<void> {
  const args = [
    'run',
    'gen:data',
    '--',
    ...(only.length > 0
      ? only
      : [
          '--partners',
          String(profile.otherPartners + 1),
          '--first-partner-items',
          String(profile.bigItems),
          '--items-per-partner',
          String(profile.otherItems),
          '--movements-per-item',
          String(profile.movementsPerItem),
          '--first-partner-claims',
          String(profile.bigClaims),
          '--claims-per-partner',
          String(profile.otherClaims),
        ]),
  ];
  const child = spawn('pnpm', args, {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`gen:data exited with ${code}`);
}
