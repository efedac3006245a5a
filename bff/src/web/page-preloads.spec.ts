import { hintsFor, parsePagePreloads, type PagePreload, withHints } from './page-preloads.js';

const table: PagePreload[] = [
  {
    path: '/:partnerSlug/overview',
    modules: ['/assets/partner-layout-1a2b3c4d.js', '/assets/overview-5e6f7a8b.js'],
    stylesheets: ['/assets/overview-9c0d1e2f.css'],
    requests: ['/api/me', '/api/partners/:partnerSlug', '/api/partners/:partnerSlug/overview'],
    requestsWithoutQuery: [],
  },
  {
    path: '/:partnerSlug/inventory',
    modules: ['/assets/inventory-3a4b5c6d.js'],
    stylesheets: [],
    requests: ['/api/me', '/api/partners/:partnerSlug/inventory/facets'],
    requestsWithoutQuery: ['/api/partners/:partnerSlug/inventory?sort=sku'],
  },
  {
    path: '/:partnerSlug/claims/:claimId',
    modules: ['/assets/claim-7e8f9a0b.js'],
    stylesheets: [],
    requests: ['/api/me', '/api/partners/:partnerSlug/claims/:claimId'],
    requestsWithoutQuery: [],
  },
];

const shell =
  '<!doctype html><html><head><title>Partner Portal</title>' +
  '<script type="module" crossorigin src="/assets/index-0a1b2c3d.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-4e5f6a7b.css"></head>' +
  '<body><div id="root"></div></body></html>';

describe('parsePagePreloads', () => {
  it('reads the table the portal build writes', () => {
    expect(parsePagePreloads(JSON.stringify({ pages: table }))).toEqual(table);
  });

  it.each([
    ['not JSON', '{'],
    ['no pages', '{}'],
    ['pages that are not a list', '{"pages": {}}'],
    ['a page without a path', JSON.stringify({ pages: [{ ...table[0], path: undefined }] })],
    ['a list that is not of strings', JSON.stringify({ pages: [{ ...table[0], modules: [1] }] })],
    ['a page that is not an object', '{"pages": [null]}'],
  ])('refuses %s', (_, text) => {
    expect(parsePagePreloads(text)).toBeUndefined();
  });
});

describe('hintsFor', () => {
  it('fills the partner slug into the page requests', () => {
    expect(hintsFor(table, '/acme-outdoor/overview')).toEqual({
      requests: ['/api/me', '/api/partners/acme-outdoor', '/api/partners/acme-outdoor/overview'],
      modules: table[0]?.modules,
      stylesheets: table[0]?.stylesheets,
    });
  });

  it('names a list page default first page only when the URL has no query string', () => {
    expect(hintsFor(table, '/acme-outdoor/inventory')?.requests).toEqual([
      '/api/me',
      '/api/partners/acme-outdoor/inventory/facets',
      '/api/partners/acme-outdoor/inventory?sort=sku',
    ]);
    expect(hintsFor(table, '/acme-outdoor/inventory?q=tent')?.requests).toEqual([
      '/api/me',
      '/api/partners/acme-outdoor/inventory/facets',
    ]);
  });

  it('fills other parameters too', () => {
    expect(hintsFor(table, '/acme-outdoor/claims/0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d')).toEqual(
      expect.objectContaining({
        requests: [
          '/api/me',
          '/api/partners/acme-outdoor/claims/0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
        ],
      }),
    );
  });

  it.each([
    ['another page', '/signin'],
    ['the partner root', '/acme-outdoor'],
    ['a deeper path', '/acme-outdoor/overview/more'],
    ['a trailing slash', '/acme-outdoor/overview/'],
    ['a slug with capitals', '/Acme-Outdoor/overview'],
    ['a slug too short', '/ac/overview'],
    ['an encoded slug', '/acme%2Foutdoor/overview'],
    ['markup in a parameter', '/acme-outdoor/claims/%22%3E%3Cscript%3E'],
    ['a parameter with a dot', '/acme-outdoor/claims/..'],
  ])('names nothing for %s', (_, url) => {
    expect(hintsFor(table, url)).toBeUndefined();
  });

  it('names nothing when the build table holds something that is not a plain path', () => {
    const odd: PagePreload[] = [{ ...table[0]!, modules: ['/assets/x.js" onload="alert(1)'] }];
    expect(hintsFor(odd, '/acme-outdoor/overview')).toBeUndefined();
  });
});

describe('withHints', () => {
  const hints = {
    requests: ['/api/me', '/api/partners/acme-outdoor'],
    modules: ['/assets/partner-layout-1a2b3c4d.js'],
    stylesheets: ['/assets/overview-9c0d1e2f.css'],
  };

  it('puts the API requests before the first script and the chunks at the end of the head', () => {
    const html = withHints(shell, hints);
    const head = html.slice(0, html.indexOf('</head>'));
    const order = [
      '<link rel="preload" as="fetch" crossorigin href="/api/me">',
      '<link rel="preload" as="fetch" crossorigin href="/api/partners/acme-outdoor">',
      '<script type="module" crossorigin src="/assets/index-0a1b2c3d.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-4e5f6a7b.css">',
      '<link rel="modulepreload" crossorigin href="/assets/partner-layout-1a2b3c4d.js">',
      '<link rel="stylesheet" crossorigin href="/assets/overview-9c0d1e2f.css">',
    ].map((tag) => head.indexOf(tag));
    expect(order.every((at) => at !== -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Nothing else of the shell moves.
    expect(html.replace(/<link rel="(preload|modulepreload)"[^>]*>/g, '')).toBe(
      shell.replace(
        '</head>',
        '<link rel="stylesheet" crossorigin href="/assets/overview-9c0d1e2f.css"></head>',
      ),
    );
  });

  it('puts the requests at the end of a head without a script', () => {
    const html = withHints('<html><head><title>x</title></head><body></body></html>', hints);
    expect(html).toContain(
      '<title>x</title><link rel="preload" as="fetch" crossorigin href="/api/me">',
    );
  });

  it('leaves a shell without a head as it is', () => {
    expect(withHints('<p>no head</p>', hints)).toBe('<p>no head</p>');
  });
});
