import { createHash, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { DataSource } from 'typeorm';
import type { ClaimActor } from '#src/claims/claim-lifecycle.js';
import type { InventoryItem } from '#src/inventory/inventory-item.entity.js';
import type { MovementKind } from '#src/inventory/inventory-movement.entity.js';
import type { Partner } from '#src/partners/partner.entity.js';
import { createUser } from './identity.js';
import { bearerOf, createPartner, insertItems } from './inventory.js';
import type { TestApp } from './test-app.js';
import { addDays, partnerToday } from '#src/common/partner-day.js';

/** Everyone who acts on one test partner's claims, each with a bearer token. */
export interface ClaimsWorld {
  partner: Partner;
  item: InventoryItem;
  tokens: Record<ClaimActor | 'outsider', string>;
  userIds: Record<ClaimActor | 'outsider', string>;
  emails: Record<ClaimActor | 'outsider', string>;
}

/**
 * A partner of its own with a viewer, a manager and an admin, a staff user, a member of another
 * partner (the outsider), and one item (unit value 250).
 */
export async function claimsWorld(
  api: TestApp,
  dataSource: DataSource,
  prefix: string,
  options: { timeZone?: string } = {},
): Promise<ClaimsWorld> {
  const partner = await createPartner(dataSource, prefix);
  if (options.timeZone !== undefined) {
    await dataSource.query(`UPDATE partners SET time_zone = $2 WHERE id = $1`, [
      partner.id,
      options.timeZone,
    ]);
    partner.timeZone = options.timeZone;
  }
  const other = await createPartner(dataSource, `${prefix}-other`);
  const tag = randomUUID().slice(0, 8);
  const emails = {
    viewer: `viewer-${tag}@claims.test`,
    manager: `manager-${tag}@claims.test`,
    admin: `admin-${tag}@claims.test`,
    staff: `staff-${tag}@claims.test`,
    outsider: `outsider-${tag}@claims.test`,
  };
  // Bearer tokens only: the password hash is never checked.
  const hash = 'unused';
  const userIds = {
    viewer: await createUser(dataSource, emails.viewer, hash, [
      { slug: partner.slug, role: 'viewer' },
    ]),
    manager: await createUser(dataSource, emails.manager, hash, [
      { slug: partner.slug, role: 'manager' },
    ]),
    admin: await createUser(dataSource, emails.admin, hash, [
      { slug: partner.slug, role: 'admin' },
    ]),
    staff: await createUser(dataSource, emails.staff, hash, [], { isStaff: true }),
    outsider: await createUser(dataSource, emails.outsider, hash, [
      { slug: other.slug, role: 'admin' },
    ]),
  };
  const tokens = {
    viewer: await bearerOf(api, emails.viewer),
    manager: await bearerOf(api, emails.manager),
    admin: await bearerOf(api, emails.admin),
    staff: await bearerOf(api, emails.staff),
    outsider: await bearerOf(api, emails.outsider),
  };
  const [item] = await insertItems(dataSource, partner.id, [
    { sku: `CLM-ITEM-${tag}`, name: `Claimable ${tag}`, unitValue: 250, onHand: 1000 },
  ]);
  if (item === undefined) throw new Error('no item');
  return { partner, item, tokens, userIds, emails };
}

/** A movement of the item inserted directly (the item's quantities are not the point here). */
export async function insertMovement(
  dataSource: DataSource,
  partnerId: string,
  itemId: string,
  kind: MovementKind,
  quantity: number,
  occurredAt = new Date(),
): Promise<string> {
  const rows = (await dataSource.query(
    `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [partnerId, itemId, kind, quantity, occurredAt],
  )) as Array<{ id: string }>;
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no movement');
  return id;
}

/** A file of evidence on a claim, inserted directly (its blob in the PostgreSQL store). */
export async function insertEvidence(
  dataSource: DataSource,
  partnerId: string,
  claimId: string,
  contentType = 'image/png',
): Promise<string> {
  const content = Buffer.from(`evidence ${randomUUID()}`);
  const blobs = (await dataSource.query(
    `INSERT INTO claim_evidence_blobs (partner_id, content) VALUES ($1, $2) RETURNING id`,
    [partnerId, content],
  )) as Array<{ id: string }>;
  const key = blobs[0]?.id;
  if (key === undefined) throw new Error('no blob');
  await dataSource.query(
    `INSERT INTO claim_attachments (partner_id, claim_id, filename, content_type, size, sha256, storage_key)
     VALUES ($1, $2, 'evidence.png', $3, $4, $5, $6)`,
    [
      partnerId,
      claimId,
      contentType,
      content.length,
      createHash('sha256').update(content).digest('hex'),
      key,
    ],
  );
  return key;
}

/** `YYYY-MM-DD`, `days` from today in the time zone (negative: earlier). */
export function dayFromToday(days: number, timeZone = 'Europe/Berlin'): string {
  return addDays(partnerToday(new Date(), timeZone), days);
}

/** The movement kind each claim type is filed from (docs/product.md §4). */
export const MOVEMENT_KIND_OF_TYPE = {
  lost: 'loss',
  damaged: 'damage',
  shortage: 'receipt',
} as const satisfies Record<string, MovementKind>;

/**
 * A valid creation body of a `type` claim filed from a fresh movement of the world's item of its
 * kind (`units` of it, `occurredAt` default now); an `other` claim is `draftBody`'s.
 */
export async function movementDraftBody(
  dataSource: DataSource,
  world: { item: { id: string }; partner: { id: string; timeZone: string } },
  type: 'lost' | 'damaged' | 'shortage' | 'other',
  extra: Record<string, unknown> = {},
  options: { units?: number; occurredAt?: Date } = {},
): Promise<Record<string, unknown>> {
  if (type === 'other') return draftBody(world, extra);
  const kind = MOVEMENT_KIND_OF_TYPE[type];
  const units = options.units ?? 10;
  const movementId = await insertMovement(
    dataSource,
    world.partner.id,
    world.item.id,
    kind,
    kind === 'receipt' ? units : -units,
    options.occurredAt,
  );
  const { incidentDate: _typed, ...body } = draftBody(world, { type, movementId });
  return { ...body, ...extra };
}

/** A request to the claims API of the world's partner, as `who`. */
export function claimsClient(api: TestApp, world: ClaimsWorld) {
  const base = `/api/partners/${world.partner.slug}/claims`;
  const send = (
    who: ClaimActor | 'outsider',
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    api.request({
      method,
      url: `${base}${path}`,
      headers: { authorization: `Bearer ${world.tokens[who]}`, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  return {
    base,
    send,
    create: (
      who: ClaimActor | 'outsider',
      payload: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) => send(who, 'POST', '', { payload, headers }),
    get: (who: ClaimActor | 'outsider', id: string) => send(who, 'GET', `/${id}`),
    patch: (
      who: ClaimActor | 'outsider',
      id: string,
      payload: Record<string, unknown>,
      version: number | undefined,
    ) =>
      send(who, 'PATCH', `/${id}`, {
        payload,
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      }),
    remove: (who: ClaimActor | 'outsider', id: string, version: number | undefined) =>
      send(who, 'DELETE', `/${id}`, {
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      }),
    transition: (
      who: ClaimActor | 'outsider',
      id: string,
      payload: Record<string, unknown>,
      version: number | undefined,
    ) =>
      send(who, 'POST', `/${id}/transitions`, {
        payload,
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      }),
  };
}

/**
 * A valid creation body for the world's item: a claim of type other on the item (no movement: a lost,
 * damaged or shortage claim needs its movement, `movementDraftBody`).
 */
export function draftBody(
  world: { item: { id: string }; partner: { timeZone: string } },
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'other',
    itemId: world.item.id,
    quantity: 2,
    incidentDate: dayFromToday(-3, world.partner.timeZone),
    description: 'Two units went missing in the warehouse.',
    ...extra,
  };
}
