import type { RecordedStatement } from './query-counter.js';

/** A recorded statement as it is replayed: after the statements that had ended when it started. */
export interface ReplayedStatement {
  text: string;
  values: unknown[];
  /** Indexes of the statements that had ended when this one started. */
  after: number[];
}

/** The recorded statements in replayable form: each waits for those that had ended before it started. */
export function toReplay(statements: readonly RecordedStatement[]): ReplayedStatement[] {
  return statements.map((statement, index) => ({
    text: statement.text,
    values: statement.values,
    after: statements
      .slice(0, index)
      .flatMap((other, otherIndex) => (other.endedAt <= statement.startedAt ? [otherIndex] : [])),
  }));
}

/**
 * Sends `statements` through `run`, each as soon as the statements it waited for are done (what the
 * recording had in flight together goes together), and answers their rows.
 */
export async function replay(
  statements: readonly ReplayedStatement[],
  run: (text: string, values: unknown[]) => Promise<unknown[]>,
): Promise<unknown[][]> {
  const sent: Array<Promise<unknown[]>> = [];
  for (const statement of statements) {
    const ready = Promise.all(statement.after.map((index) => sent[index]));
    sent.push(ready.then(() => run(statement.text, statement.values)));
  }
  return Promise.all(sent);
}

/** `statements` without those `drop` picks (what waited only for a dropped one starts at once). */
export function without(
  statements: readonly ReplayedStatement[],
  drop: (statement: ReplayedStatement) => boolean,
): ReplayedStatement[] {
  const kept = statements.flatMap((statement, index) => (drop(statement) ? [] : [index]));
  return kept.map((index) => {
    const statement = statements[index] as ReplayedStatement;
    return {
      ...statement,
      after: statement.after.flatMap((before) => {
        const at = kept.indexOf(before);
        return at === -1 ? [] : [at];
      }),
    };
  });
}
