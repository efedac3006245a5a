import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { OutageLog } from './outage.js';

/** docs/operations.md, "When a dependency is down": one line when an outage starts, one when it ends. */
describe('OutageLog', () => {
  let now: number;
  let lines: string[];

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    lines = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((_facts, message) => {
      lines.push(`down: ${String(message)}`);
    });
    jest.spyOn(Logger.prototype, 'log').mockImplementation((_facts, message) => {
      lines.push(`back: ${String(message)}`);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  it('logs an outage once, however many failures it holds, and once when it ends', () => {
    const log = new OutageLog();
    log.record('database', refused, now);
    now += 500;
    log.record('database', refused, now);
    log.record('database', refused, now);
    now += 500;
    log.recovered('database');
    log.recovered('database');
    expect(lines).toEqual([
      'down: The database unavailable: answering 503 (or working without it) until it is back',
      'back: The database available again',
    ]);
  });

  it('counts a failure of work begun before the outage ended with that outage, not as a new one', () => {
    const log = new OutageLog();
    log.record('database', refused, now);
    // A connection attempt made while the database was frozen…
    const attemptedAt = now + 1_000;
    now += 12_000;
    log.recovered('database');
    // …times out just after the first statement answered again.
    now += 40;
    log.record('database', refused, attemptedAt);
    expect(log.isDown('database')).toBe(false);
    expect(lines).toHaveLength(2);

    // Work begun after it ended is a new outage.
    now += 1_000;
    log.record('database', refused, now);
    expect(log.isDown('database')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('opens an outage for a failure whose start it is not told', () => {
    const log = new OutageLog();
    log.record('redis', refused);
    log.recovered('redis');
    log.record('redis', refused);
    expect(lines.map((line) => line.split(':')[0])).toEqual(['down', 'back', 'down']);
  });
});
