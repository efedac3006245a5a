import { createHash } from 'node:crypto';
import {
  APPLICATION_ERROR_PAGE_STYLE_HASH,
  newDigest,
  renderApplicationErrorPage,
} from './application-error.page.js';

describe('the application error page', () => {
  it('states the sentence of the product spec word for word, with the digest', () => {
    const html = renderApplicationErrorPage({ host: 'portal.example.com', digest: '4815162342' });

    expect(html).toContain(
      'Application error: a server-side exception has occurred while loading portal.example.com (see the server logs for more information).',
    );
    expect(html).toContain('Digest: 4815162342');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes what it prints', () => {
    const html = renderApplicationErrorPage({ host: '<img src=x>', digest: '"1"' });

    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x&#62;');
  });

  it('allows exactly its own style block by hash', () => {
    const html = renderApplicationErrorPage({ host: 'h', digest: '1' });
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';

    expect(APPLICATION_ERROR_PAGE_STYLE_HASH).toBe(
      `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
  });

  it('draws ten-digit digests', () => {
    const digests = new Set(Array.from({ length: 50 }, newDigest));

    expect([...digests].every((digest) => /^\d{10}$/.test(digest))).toBe(true);
    expect(digests.size).toBe(50);
  });
});
