/** An answer given before, as it was sent: its status, the headers that matter, its body. */
export interface RecordedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Thrown (by the idempotency interceptor) instead of running a handler whose request was answered
 * before: the problem-details filter sends the recorded answer again as it was, byte for byte, with
 * `Idempotent-Replayed: true` (docs/api.md, Idempotency-Key). Not an error: the one way to answer
 * from an interceptor with a status the route does not declare.
 */
export class ReplayedAnswer extends Error {
  constructor(readonly answer: RecordedAnswer) {
    super('Replayed answer');
  }
}
