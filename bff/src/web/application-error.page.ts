import { createHash, randomInt } from 'node:crypto';

/** The page's only styling; the response's CSP allows exactly this block by its hash. */
export const APPLICATION_ERROR_PAGE_STYLE =
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;' +
  'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff;color:#111}' +
  'main{max-width:40rem;padding:2rem}h1{font-size:1.125rem;font-weight:500;line-height:1.5;margin:0 0 1rem}' +
  'p{margin:0;color:#555;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875rem}' +
  '@media (prefers-color-scheme:dark){body{background:#111;color:#eee}p{color:#aaa}}';

export const APPLICATION_ERROR_PAGE_STYLE_HASH = `'sha256-${createHash('sha256')
  .update(APPLICATION_ERROR_PAGE_STYLE)
  .digest('base64')}'`;

/** Ten random digits: short enough to read out, enough to find the one log line. */
export function newDigest(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The server-side application error page of docs/product.md §3, word for word. `host` is the host of the
 * configured public URL, never the request's Host header. No stack trace, no error message.
 */
export function renderApplicationErrorPage({
  host,
  digest,
}: {
  host: string;
  digest: string;
}): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Application error</title>
    <style>${APPLICATION_ERROR_PAGE_STYLE}</style>
  </head>
  <body>
    <main>
      <h1>Application error: a server-side exception has occurred while loading ${escapeHtml(host)} (see the server logs for more information).</h1>
      <p>Digest: ${escapeHtml(digest)}</p>
    </main>
  </body>
</html>
`;
}
