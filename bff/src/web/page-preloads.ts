/**
 * The preload hints of the app shell (docs/performance.md, Lighthouse). The portal's build writes,
 * for each partner page, the chunks and styles of its route modules that the entry does not load, and
 * the API GETs its first load sends (`.vite/page-preloads.json`, from portal/src/app/page-preloads.ts).
 * For a page path that matches one, the shell names them in `<link>`s: the browser fetches them beside
 * the entry's scripts, instead of one round trip after another once those have run. The hints change
 * nothing else: the portal still asks for everything itself (a preloaded answer is handed to its
 * `fetch`), the API still checks the session and the partner on each request, and a build without
 * the file, or a path without a page, gets the shell as built.
 */

/** A page of the build's table; `:name` in `path` and the requests stands for a path segment. */
export interface PagePreload {
  path: string;
  /** Script chunks (`/assets/…js`) for `<link rel="modulepreload">`. */
  modules: string[];
  /** Style sheets (`/assets/…css`) the page's chunks need, as `<link rel="stylesheet">`. */
  stylesheets: string[];
  /** API GETs of every first load, for `<link rel="preload" as="fetch">`. */
  requests: string[];
  /** API GETs of a first load whose URL has no query string (a list's default page). */
  requestsWithoutQuery: string[];
}

/** The file the portal's build writes in its dist folder. */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** docs/product.md §2: 3–40 characters of [a-z0-9-], no leading or trailing hyphen (as the portal). */
const PARTNER_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
/** Any other parameter: an id as the portal's links write it, nothing to escape. */
const PARAMETER = /^[A-Za-z0-9_-]{1,100}$/;
/** What the build writes: a path under the site's root, nothing to escape in an attribute. */
const SAFE_HREF = /^\/[A-Za-z0-9_./?=&:-]*$/;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** The build's table, or none when the file is not a table (an older build, a hand-made dist). */
export function parsePagePreloads(text: string): PagePreload[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const pages = (parsed as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages)) return undefined;
  const valid = pages.every((page: Record<string, unknown> | null) => {
    if (typeof page !== 'object' || page === null || typeof page.path !== 'string') return false;
    return (['modules', 'stylesheets', 'requests', 'requestsWithoutQuery'] as const).every((key) =>
      isStringArray(page[key]),
    );
  });
  return valid ? (pages as PagePreload[]) : undefined;
}

/** The parameters of `urlPath` under the page's path, or undefined when it is not that page. */
function matchPage(pattern: string, urlPath: string): Map<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = urlPath.split('/');
  if (wanted.length !== given.length) return undefined;
  const parameters = new Map<string, string>();
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (!segment.startsWith(':')) {
      if (segment !== value) return undefined;
      continue;
    }
    const name = segment.slice(1);
    if (!(name === 'partnerSlug' ? PARTNER_SLUG : PARAMETER).test(value)) return undefined;
    parameters.set(name, value);
  }
  return parameters;
}

const fill = (template: string, parameters: Map<string, string>): string =>
  template.replace(/:([A-Za-z]+)/g, (whole, name: string) => parameters.get(name) ?? whole);

export interface ShellHints {
  /** API GETs, first in the head: the server answers them while the scripts download. */
  requests: string[];
  modules: string[];
  stylesheets: string[];
}

/** The hints for the page at `url` (path and query), or none. */
export function hintsFor(table: readonly PagePreload[], url: string): ShellHints | undefined {
  const [urlPath = '/', query = ''] = url.split('?', 2);
  for (const page of table) {
    const parameters = matchPage(page.path, urlPath);
    if (parameters === undefined) continue;
    const requests = [...page.requests, ...(query === '' ? page.requestsWithoutQuery : [])];
    const hints = {
      requests: requests.map((request) => fill(request, parameters)),
      modules: page.modules,
      stylesheets: page.stylesheets,
    };
    const hrefs = [...hints.requests, ...hints.modules, ...hints.stylesheets];
    return hrefs.every((href) => SAFE_HREF.test(href)) ? hints : undefined;
  }
  return undefined;
}

/**
 * The shell with the hints: the API requests before its first script (so that they go out first),
 * the chunks and styles at the end of its head, after the entry's own. `crossorigin` as the
 * portal's requests are made (CORS mode, same-origin credentials), or the browser would not hand
 * the preloaded answers to them.
 */
export function withHints(html: string, hints: ShellHints): string {
  const head = html.indexOf('</head>');
  if (head === -1) return html;
  const requests = hints.requests
    .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`)
    .join('');
  const chunks = [
    ...hints.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...hints.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join('');
  const firstScript = html.indexOf('<script');
  const requestsAt = firstScript !== -1 && firstScript < head ? firstScript : head;
  return (
    html.slice(0, requestsAt) + requests + html.slice(requestsAt, head) + chunks + html.slice(head)
  );
}
