/**
 * TypeORM's `query()` on PostgreSQL answers the rows for SELECT and INSERT, and `[rows, rowCount]`
 * for UPDATE and DELETE: the rows an `UPDATE ... RETURNING` gave back, in either shape.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}
