import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { InventoryItem } from '#src/inventory/inventory-item.entity.js';
import { Partner } from '#src/partners/partner.entity.js';
import { UsersRepository } from '#src/users/users.repository.js';
import { accessTokenOf } from './identity.js';
import type { TestApp } from './test-app.js';

/** A partner of its own for a test (a unique slug), beside the demo partners. */
export async function createPartner(
  dataSource: DataSource,
  prefix: string,
  currency = 'EUR',
): Promise<Partner> {
  const slug = `${prefix}-${randomUUID().slice(0, 8)}`;
  return dataSource
    .getRepository(Partner)
    .save({ slug, name: `Partner ${slug}`, currency, timeZone: 'Europe/Berlin' });
}

export type ItemSeed = Partial<Omit<InventoryItem, 'partnerId' | 'partner'>> & { sku: string };

/** Items of one partner, inserted in bulk (multi-row INSERTs); answers them as stored. */
export async function insertItems(
  dataSource: DataSource,
  partnerId: string,
  seeds: readonly ItemSeed[],
): Promise<InventoryItem[]> {
  const repository = dataSource.getRepository(InventoryItem);
  const ids: string[] = [];
  for (let start = 0; start < seeds.length; start += 500) {
    const rows = seeds.slice(start, start + 500).map((seed) => ({
      name: `Item ${seed.sku}`,
      category: 'General',
      warehouse: 'Main',
      unitValue: 100,
      ...seed,
      partnerId,
    }));
    const result = await repository.insert(rows);
    ids.push(...result.identifiers.map((identifier) => String(identifier.id)));
  }
  if (ids.length === 0) return [];
  return repository
    .createQueryBuilder('i')
    .where('i.partner_id = :partnerId AND i.id IN (:...ids)', { partnerId, ids })
    .getMany();
}

/** A bearer access token of a user (by e-mail), as an internal caller would send it. */
export async function bearerOf(api: TestApp, email: string): Promise<string> {
  const user = await api.app.get(UsersRepository).findByEmail(email);
  if (user === undefined) throw new Error(`no user ${email}`);
  return accessTokenOf(api, user);
}

/**
 * One page of a partner's list through the API, as `token` sees it (`path` is what follows the
 * partner's URL: `inventory`, `claims`); anything but 200 fails the test with the query that caused it.
 */
export async function listPage<Page>(
  api: TestApp,
  slug: string,
  path: string,
  params: URLSearchParams,
  token: string,
): Promise<Page> {
  const response = await api.request({
    url: `/api/partners/${slug}/${path}?${params.toString()}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) {
    throw new Error(`${params.toString()} → ${response.statusCode} ${response.body}`);
  }
  return response.json<Page>();
}
