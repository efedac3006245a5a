import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id.js';

function request(headers: Record<string, string | string[]>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a sane id sent by the caller', () => {
    expect(requestIdOf(request({ 'x-request-id': 'edge-01.7f3a_9' }))).toBe('edge-01.7f3a_9');
    expect(requestIdOf(request({ 'x-request-id': 'a'.repeat(128) }))).toBe('a'.repeat(128));
  });

  it.each([
    ['nothing', {}],
    ['an empty id', { 'x-request-id': '' }],
    ['a too long id', { 'x-request-id': 'a'.repeat(129) }],
    ['an id with spaces', { 'x-request-id': 'a b' }],
    ['an id that could forge log lines', { 'x-request-id': 'x\n{"level":60}' }],
    ['repeated headers', { 'x-request-id': ['one', 'two'] }],
  ])('makes a new UUID for %s', (_what, headers) => {
    expect(requestIdOf(request(headers))).toMatch(UUID);
  });

  it('answers the same id every time for one request', () => {
    const incoming = request({});

    expect(requestIdOf(incoming)).toBe(requestIdOf(incoming));
  });
});
