import { CLAIM_STATUSES } from '#src/claims/claim-lifecycle.js';
import {
  CandidateSelector,
  type ClaimCandidate,
  ClaimColumns,
  type ClaimsGeneratorOptions,
  candidateClass,
  claimSources,
  classTargets,
  movementClaimCount,
  writeClaim,
} from './claims-generator.js';
import { DEMO_NAMED_ITEMS, demoInventoryOptions } from './demo-inventory.js';
import { generateInventory } from './inventory-generator.js';

const NOW = new Date('2026-11-23T10:15:30.000Z');
const EDITOR = '00000000-0000-4000-8000-000000000001';
const STAFF = '00000000-0000-4000-8000-000000000002';

/** The claims of acme's first 300 items, as the demo loader files them (without named claims). */
function claimsAt(now: Date, count = 200): ClaimColumns {
  // The demo's named items without the movements the named claims are filed from (none here).
  const inventory = generateInventory(
    { ...demoInventoryOptions('acme-outdoor', now), namedItems: DEMO_NAMED_ITEMS['acme-outdoor'] },
    0,
    300,
  );
  const unitValues = new Map(inventory.items.id.map((id, i) => [id, inventory.items.unitValue[i]]));
  const candidates: ClaimCandidate[] = [];
  inventory.movements.id.forEach((id, i) => {
    const kind = inventory.movements.kind[i];
    if (kind !== 'loss' && kind !== 'damage' && kind !== 'receipt') return;
    const itemId = inventory.movements.itemId[i] as string;
    candidates.push({
      movementId: id,
      itemId,
      kind,
      units: Math.abs(inventory.movements.quantity[i] as number),
      occurredAt: inventory.movements.occurredAt[i] as number,
      reference: inventory.movements.reference[i] ?? null,
      note: inventory.movements.note[i] ?? null,
      unitValue: unitValues.get(itemId) ?? 0,
    });
  });
  const options: ClaimsGeneratorOptions = {
    seed: 'spec',
    partnerKey: 'acme-outdoor',
    now,
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    editors: [EDITOR],
    reviewers: [STAFF],
    evidence: true,
  };
  const counts = new Map<string, number>();
  for (const candidate of candidates) {
    const key = candidateClass(candidate, now);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const selector = new CandidateSelector(
    options,
    counts,
    movementClaimCount(count, candidates.length),
  );
  for (const candidate of candidates) selector.offer(candidate);
  const items = inventory.items.id.map((id, i) => ({
    id,
    unitValue: inventory.items.unitValue[i] as number,
  }));
  const rows = new ClaimColumns('partner');
  claimSources(options, selector.chosen, count, items).forEach((source, index) =>
    writeClaim(options, source, index + 1, rows),
  );
  return rows;
}

describe('the claims generator', () => {
  it('files exactly the number asked, numbered in the order they were filed', () => {
    const { claims } = claimsAt(NOW);
    expect(claims.map((claim) => claim.number)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const filed = claims.map((claim) => claim.createdAt);
    expect(filed).toEqual([...filed].sort((a, b) => a - b));
    expect(claims.filter((claim) => claim.movementId !== null).length).toBe(
      movementClaimCount(200, Number.POSITIVE_INFINITY),
    );
  });

  it('is deterministic: the same claims, ids and timelines for the same seed and instant', () => {
    expect(claimsAt(NOW)).toEqual(claimsAt(NOW));
  });

  it('gives the same statuses, numbers and timelines whatever the time of day of the load', () => {
    const later = new Date(NOW.getTime() + 7 * 3_600_000 + 1_234);
    const shape = (rows: ClaimColumns) =>
      rows.claims.map((claim) => [claim.number, claim.status, claim.type, claim.version]);
    expect(shape(claimsAt(later))).toEqual(shape(claimsAt(NOW)));
  });

  it('reaches every status, and never files a claim or an event after the load', () => {
    const { claims, events } = claimsAt(NOW, 260);
    expect(new Set(claims.map((claim) => claim.status))).toEqual(new Set(CLAIM_STATUSES));
    expect(Math.max(...events.map((event) => event.at))).toBeLessThanOrEqual(NOW.getTime());
  });

  it('shares the candidates out by weight, exactly, and takes all of a class when asked for more', () => {
    const counts = new Map([
      ['loss/older', 100],
      ['damage/older', 100],
      ['receipt/older', 1_000],
      ['loss/recent', 10],
    ]);
    const targets = classTargets(counts, 150);
    expect([...targets.values()].reduce((sum, n) => sum + n, 0)).toBe(150);
    expect(targets.get('loss/older')).toBeGreaterThan(targets.get('receipt/older') ?? 0);
    expect(classTargets(counts, 5_000)).toEqual(counts);
  });
});
