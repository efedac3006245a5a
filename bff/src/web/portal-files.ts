import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isApiUrl } from '../common/api-url.js';
import { PAGE_PRELOADS_FILE, type PagePreload, parsePagePreloads } from './page-preloads.js';

export type PortalTarget =
  | { kind: 'api' }
  /** A hashed build file under /assets/; `file` is relative to the dist folder. */
  | { kind: 'asset'; file: string }
  /** Another file of the dist folder (favicon, robots.txt...). */
  | { kind: 'file'; file: string }
  /** A path under /assets/ that cannot name a file: a real 404, not the app shell. */
  | { kind: 'missing' }
  /** Everything else: the client-side router decides, including its own 404 screen. */
  | { kind: 'shell' };

export const INDEX_HTML = 'index.html';

/** Path segments never served as files: dot-files, empty and relative segments. */
const UNSERVABLE_SEGMENT = /^(\..*|)$/;

function decodedSegments(urlPath: string): string[] | undefined {
  try {
    return decodeURIComponent(urlPath).split('/').slice(1);
  } catch {
    return undefined;
  }
}

/** The portal's build folder (PORTAL_DIST_DIR) as the server sees it. */
export class PortalFiles {
  constructor(readonly root: string) {}

  /** Decides what a GET of `urlPath` (no query string) serves. */
  async resolve(urlPath: string): Promise<PortalTarget> {
    if (isApiUrl(urlPath)) return { kind: 'api' };
    const segments = decodedSegments(urlPath);
    const servable =
      segments !== undefined &&
      segments.every((segment) => !UNSERVABLE_SEGMENT.test(segment) && !segment.includes('\\'));
    const file = servable ? segments.join('/') : undefined;
    if (urlPath.startsWith('/assets/'))
      return file === undefined ? { kind: 'missing' } : { kind: 'asset', file };
    if (file === undefined || file === INDEX_HTML) return { kind: 'shell' };
    return (await this.isFile(file)) ? { kind: 'file', file } : { kind: 'shell' };
  }

  /** index.html, read on every request: small, cached by the OS, and always the current build. */
  readShell(): Promise<string> {
    return readFile(path.join(this.root, INDEX_HTML), 'utf8');
  }

  /**
   * The build's page preloads (page-preloads.ts), read with the shell so that both are of the same
   * build; none when the build has no such file or it is not a table.
   */
  async readPagePreloads(): Promise<PagePreload[] | undefined> {
    try {
      return parsePagePreloads(await readFile(path.join(this.root, PAGE_PRELOADS_FILE), 'utf8'));
    } catch {
      return undefined;
    }
  }

  hasShell(): Promise<boolean> {
    return this.isFile(INDEX_HTML);
  }

  private async isFile(file: string): Promise<boolean> {
    const absolute = path.resolve(this.root, file);
    if (!absolute.startsWith(this.root + path.sep)) return false;
    try {
      return (await stat(absolute)).isFile();
    } catch {
      return false;
    }
  }
}
