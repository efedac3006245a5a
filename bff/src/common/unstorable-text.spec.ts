import { describe, expect, it } from '@jest/globals';
import { findUnstorableText } from './unstorable-text.js';

describe('findUnstorableText', () => {
  it('finds a NUL or an unpaired surrogate anywhere, and names the field', () => {
    expect(findUnstorableText('a\u0000b')).toBe('value');
    expect(findUnstorableText({ email: '\u0000' })).toBe('email');
    expect(findUnstorableText({ address: { lines: ['ok', 'x\uD800'] } })).toBe('address.lines.1');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorableText(['\uDC00'])).toBe('0');
  });

  it('lets everything PostgreSQL stores through: emoji, combining marks, RTL, other scripts', () => {
    for (const text of ['😀', 'e\u0301', '\u202Eabc', 'İ', 'ß', '日本語', '', '%00', '\\u0000']) {
      expect(findUnstorableText({ text, list: [text], n: 1, b: true, z: null })).toBeUndefined();
    }
  });

  it('refuses a value nested deeper than any body of the API instead of walking it', () => {
    let deep: unknown = 'x';
    for (let depth = 0; depth < 100; depth += 1) deep = [deep];
    expect(findUnstorableText(deep)).toBeDefined();
  });
});
