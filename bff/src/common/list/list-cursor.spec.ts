import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ProblemException } from '../problem-details.js';
import { ListCursorCodec } from './list-cursor.js';

const codec = new ListCursorCodec(randomBytes(32));
const scope = { listId: 'partner-members', sort: 'name' };
const position = {
  direction: 'next' as const,
  sortKey: 'Vera Viewer',
  id: 'c0ffee00-0000-4000-8000-000000000001',
};

function refusal(run: () => unknown): ProblemException {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemException) return error;
    throw error;
  }
  throw new Error('the cursor was accepted');
}

function expectInvalidCursor(run: () => unknown): void {
  const error = refusal(run);
  expect(error.getStatus()).toBe(400);
  expect(error.code).toBe('validation');
  expect(error.errors?.map((e) => e.field)).toEqual(['cursor']);
}

describe('ListCursorCodec', () => {
  const cursor = codec.encode(scope, position);

  it('round-trips a position for its list and sort, in both directions', () => {
    expect(codec.decode(scope, cursor)).toEqual(position);
    const prev = { ...position, direction: 'prev' as const };
    expect(codec.decode(scope, codec.encode(scope, prev))).toEqual(prev);
  });

  it('is opaque: neither the key nor the list shows in plain text', () => {
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('Vera');
  });

  it('refuses a tampered payload', () => {
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['n', 'Zed', position.id]), 'utf8').toString(
      'base64url',
    );
    expectInvalidCursor(() => codec.decode(scope, `${forged}.${mac}`));
    const flipped = payload.slice(0, -1) + (payload.endsWith('A') ? 'B' : 'A');
    expectInvalidCursor(() => codec.decode(scope, `${flipped}.${mac}`));
  });

  it('refuses a tampered signature', () => {
    const [payload, mac] = cursor.split('.') as [string, string];
    const flipped = (mac.startsWith('A') ? 'B' : 'A') + mac.slice(1);
    expectInvalidCursor(() => codec.decode(scope, `${payload}.${flipped}`));
  });

  it('refuses a truncated cursor', () => {
    for (const length of [0, 1, cursor.indexOf('.'), cursor.indexOf('.') + 1, cursor.length - 1]) {
      expectInvalidCursor(() => codec.decode(scope, cursor.slice(0, length)));
    }
  });

  it('refuses a cursor issued for another sort', () => {
    expectInvalidCursor(() => codec.decode({ ...scope, sort: '-name' }, cursor));
    expectInvalidCursor(() => codec.decode({ ...scope, sort: 'memberSince' }, cursor));
  });

  it('refuses a cursor issued for another list', () => {
    expectInvalidCursor(() => codec.decode({ ...scope, listId: 'inventory' }, cursor));
  });

  it('refuses a cursor signed under another key', () => {
    const other = new ListCursorCodec(randomBytes(32)).encode(scope, position);
    expectInvalidCursor(() => codec.decode(scope, other));
  });

  it('refuses garbage and oversized input without throwing anything else', () => {
    for (const garbage of ['.', '..', 'a.b.c', '%00.%00', '\u0000', 'é.é', 'x'.repeat(5000)]) {
      expectInvalidCursor(() => codec.decode(scope, garbage));
    }
  });
});
