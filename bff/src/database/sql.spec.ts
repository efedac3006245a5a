import { prepared, raw, sql } from './sql.js';

describe('prepared', () => {
  it('builds the text once, one $n a parameter however often it is used, and binds values by name', () => {
    const byPartner = prepared<{ partnerId: string; day: string; limit: number }>(
      (p) =>
        sql`SELECT ${raw('c.id')} FROM claims c WHERE c.partner_id = ${p.partnerId} AND c.day > ${p.day}::date
 AND EXISTS (SELECT 1 FROM items i WHERE i.partner_id = ${p.partnerId}) LIMIT ${p.limit}`,
    );
    const first = byPartner({ partnerId: 'p1', day: '2026-01-02', limit: 10 });
    const second = byPartner({ partnerId: 'p2', day: '2026-03-04', limit: 26 });
    expect(first.text).toBe(
      `SELECT c.id FROM claims c WHERE c.partner_id = $1 AND c.day > $2::date
 AND EXISTS (SELECT 1 FROM items i WHERE i.partner_id = $1) LIMIT $3`,
    );
    expect(first.values).toEqual(['p1', '2026-01-02', 10]);
    // The very same string: named once by Database, its prepared statement reused.
    expect(second.text).toBe(first.text);
    expect(second.values).toEqual(['p2', '2026-03-04', 26]);
  });

  it('refuses a value that is not a parameter', () => {
    expect(() => prepared<{ id: string }>((p) => sql`SELECT ${p.id}, ${'constant'}`)).toThrow(
      'parameters only',
    );
  });
});
