import { Claim } from '../claims/claim.entity.js';
import { User } from '../users/user.entity.js';
import { sql } from './sql.js';
import { fields, read, selection, table } from './table.js';

const CLAIMS = table(Claim);
const USERS = table(User);

describe('table', () => {
  it('derives the table name and a select list of every column, once', () => {
    expect(CLAIMS.name).toBe('claims');
    const selected = CLAIMS.select('c');
    expect(selected.list.text).toContain('"c"."partner_id" AS "partnerId"');
    expect(selected.list.text).toContain('"c"."incident_date"::text AS "incidentDate"');
    expect(selected.list.text).not.toMatch(/partner"|"item"|"movement"|createdBy"/);
    expect(CLAIMS.select('c')).toBe(selected);
    expect(
      sql`SELECT ${USERS.select('u', ['id']).list} FROM users u WHERE u.id = ${'x'}`.text,
    ).toBe('SELECT "u"."id" AS "id" FROM users u WHERE u.id = $1');
    expect(CLAIMS.column('amountClaimed').text).toBe('"amount_claimed"');
  });

  it('reads a row into the entity’s types, converting int8 and checking every value', () => {
    const { read: readUser } = USERS.select('u', [
      'id',
      'isStaff',
      'credentialGeneration',
      'lastSignInAt',
      'passwordHash',
    ]);
    const at = new Date('2026-11-25T10:00:00.123Z');
    expect(
      readUser({
        id: 'u1',
        isStaff: false,
        credentialGeneration: 3,
        lastSignInAt: at,
        passwordHash: null,
      }),
    ).toEqual({
      id: 'u1',
      isStaff: false,
      credentialGeneration: 3,
      lastSignInAt: at,
      passwordHash: null,
    });
    const amounts = CLAIMS.select('c', ['amountClaimed', 'amountApproved']);
    expect(amounts.read({ amountClaimed: '12000', amountApproved: null })).toEqual({
      amountClaimed: 12000,
      amountApproved: null,
    });
    // A changed statement fails loudly: a column missing, or of another type.
    expect(() => amounts.read({ amountClaimed: '12000' })).toThrow(
      'amountApproved was not selected',
    );
    expect(() => amounts.read({ amountClaimed: 'x', amountApproved: null })).toThrow(
      'amountClaimed is not an integer',
    );
    expect(() => readUser({ id: 1 })).toThrow('id is not text');
    expect(() => amounts.read({ amountClaimed: '9007199254740993', amountApproved: null })).toThrow(
      /not an integer/,
    );
  });

  it('combines a table’s columns with the fields a statement joins to them', () => {
    const view = selection(
      USERS.select('u', ['id']),
      fields({ partnerName: ['p.name', read.nullable(read.text)] }),
    );
    expect(view.list.text).toBe('"u"."id" AS "id", p.name AS "partnerName"');
    expect(view.read({ id: 'u1', partnerName: null, extra: 1 })).toEqual({
      id: 'u1',
      partnerName: null,
    });
  });

  it('selects every column but some, and times as the API writes them', () => {
    const claim = CLAIMS.select(
      'c',
      { except: ['decisionReason', 'payoutReference'] },
      { times: 'iso' },
    );
    expect(claim.list.text).not.toContain('decision_reason');
    expect(claim.list.text).not.toContain('payout_reference');
    expect(claim.list.text).toContain('"c"."description" AS "description"');
    expect(claim.list.text).toContain(
      `to_char(("c"."created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`,
    );
    const times = CLAIMS.select('c', ['submittedAt', 'createdAt'], { times: 'iso' });
    expect(times.read({ submittedAt: null, createdAt: '2026-11-25T10:00:00.123Z' })).toEqual({
      submittedAt: null,
      createdAt: '2026-11-25T10:00:00.123Z',
    });
    expect(() => times.read({ submittedAt: null, createdAt: new Date() })).toThrow(
      'createdAt is not text',
    );
  });

  it('refuses a property that is not a column', () => {
    expect(() => USERS.select('u', ['id', 'nope' as 'id'])).toThrow(/no column/);
    expect(() => USERS.select('u', { except: ['nope' as 'id'] }, { times: 'iso' })).toThrow(
      /no column/,
    );
  });
});
