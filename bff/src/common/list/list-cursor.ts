import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { ProblemException } from '../problem-details.js';

export type CursorDirection = 'next' | 'prev';

/** What a cursor carries: the boundary row's sort key and id (as PostgreSQL printed them), and the way to go. */
export interface CursorPosition {
  readonly direction: CursorDirection;
  readonly sortKey: string;
  readonly id: string;
}

/** What a cursor is bound to: a cursor issued for another list or another sort is refused. */
export interface CursorScope {
  readonly listId: string;
  readonly sort: string;
}

const MAC_BYTES = 16;
/** Far above any cursor the server issues; longer input is refused before any work. */
export const MAX_CURSOR_LENGTH = 1024;

/**
 * Opaque keyset cursors: `base64url(JSON [direction, sortKey, id]) . base64url(HMAC)`, the HMAC-SHA256
 * (truncated to 128 bits) over the list id, the sort and the payload, under a key derived from the
 * server's session secret. A tampered, truncated or foreign cursor fails the MAC: 400 `validation`.
 */
export class ListCursorCodec {
  /** A KeyObject, not a Buffer: createHmac then skips importing the key on every cursor. */
  private readonly key: KeyObject;

  /** `secret`: the server's secret (the session key); the codec derives its own key from it. */
  constructor(secret: KeyObject | Buffer) {
    const material = Buffer.isBuffer(secret) ? secret : secret.export();
    this.key = createSecretKey(
      createHmac('sha256', material).update('partner-portal list cursor').digest(),
    );
  }

  encode(scope: CursorScope, position: CursorPosition): string {
    const payload = Buffer.from(
      JSON.stringify([position.direction === 'next' ? 'n' : 'p', position.sortKey, position.id]),
      'utf8',
    ).toString('base64url');
    return `${payload}.${this.mac(scope, payload).toString('base64url')}`;
  }

  /** The position of a cursor this server issued for this list and sort; otherwise 400 `validation`. */
  decode(scope: CursorScope, cursor: string): CursorPosition {
    const [payload, mac, ...rest] = cursor.length <= MAX_CURSOR_LENGTH ? cursor.split('.') : [];
    if (payload === undefined || mac === undefined || rest.length > 0) throw invalidCursor();
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(scope, payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidCursor();
    }
    const position = parsePayload(payload);
    if (position === undefined) throw invalidCursor();
    return position;
  }

  private mac(scope: CursorScope, payload: string): Buffer {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([scope.listId, scope.sort, payload]))
      .digest()
      .subarray(0, MAC_BYTES);
  }
}

function parsePayload(payload: string): CursorPosition | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [direction, sortKey, id] = value as unknown[];
    if ((direction !== 'n' && direction !== 'p') || typeof sortKey !== 'string') return undefined;
    if (typeof id !== 'string') return undefined;
    return { direction: direction === 'n' ? 'next' : 'prev', sortKey, id };
  } catch {
    return undefined;
  }
}

function invalidCursor(): ProblemException {
  return new ProblemException(400, 'validation', 'The request is invalid.', [
    {
      field: 'cursor',
      message: 'cursor is not one this list issued for this sort: start again from the first page',
    },
  ]);
}
