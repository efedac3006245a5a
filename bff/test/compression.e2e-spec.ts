import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { StreamableFile } from '@nestjs/common';
import { Public } from '../src/auth/decorators/public.decorator.js';
import { csvFile } from '../src/common/list/index.js';
import {
  type FakePortalDist,
  type TestApp,
  createFakePortalDist,
  startTestApp,
} from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/** The portal's entry chunk as its build writes it: the file, and its brotli and gzip twins. */
const SCRIPT = `export const portal = ${JSON.stringify('x'.repeat(4000))};\n`;
const SCRIPT_FILE = 'assets/index-3f9a1c.js';
/** An app shell over the threshold (a real one carries its preload links and inline theme data). */
const SHELL = `<!doctype html><html lang="en"><head>${'<link rel="modulepreload" href="/assets/chunk-0000.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;

/** Exists only in this spec: a CSV export of 2,000 rows, through the list machinery's writer. */
@ApiExcludeController()
@Public()
@Controller('api/test/export')
class ExportTestController {
  @Get('rows.csv')
  rows(): StreamableFile {
    async function* rows() {
      for (let index = 0; index < 2_000; index += 1) yield { index, name: `row ${index}` };
    }
    return csvFile('rows.csv', rows(), [
      { header: 'Index', value: (row) => row.index },
      { header: 'Name', value: (row) => row.name },
    ]);
  }
}

describe('compressed delivery', () => {
  let database: TestDatabase;
  let dist: FakePortalDist;
  let api: TestApp;

  beforeAll(async () => {
    database = await startTestDatabase();
    dist = await createFakePortalDist({
      [SCRIPT_FILE]: SCRIPT,
      'assets/plain-77aa00.js': SCRIPT,
      'index.html': SHELL,
    });
    // Marked twins: the test can tell the precompressed file from one compressed on the fly.
    await writeFile(path.join(dist.dir, `${SCRIPT_FILE}.br`), brotliCompressSync(`${SCRIPT}// br`));
    await writeFile(path.join(dist.dir, `${SCRIPT_FILE}.gz`), gzipSync(`${SCRIPT}// gz`));
    api = await startTestApp({
      databaseUrl: database.url,
      env: { PORTAL_DIST_DIR: dist.dir },
      testControllers: [ExportTestController],
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    await dist?.remove();
  });

  const get = (url: string, acceptEncoding?: string) =>
    api.request({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  describe('the portal’s build files', () => {
    it('sends the brotli twin to a client that accepts br, with Content-Encoding and Vary', async () => {
      const response = await get(`/${SCRIPT_FILE}`, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${SCRIPT}// br`);
    });

    it('sends the gzip twin to a client that accepts only gzip', async () => {
      const response = await get(`/${SCRIPT_FILE}`, 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString()).toBe(`${SCRIPT}// gz`);
    });

    it('sends the file itself to a client that accepts no encoding', async () => {
      for (const accept of [undefined, 'identity']) {
        const response = await get(`/${SCRIPT_FILE}`, accept);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(SCRIPT);
      }
    });

    it('compresses a build file without twins on the fly, once', async () => {
      const response = await get('/assets/plain-77aa00.js', 'br');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    });
  });

  describe('API answers', () => {
    it('compresses JSON above 1 KB (the OpenAPI document), by the accepted encoding', async () => {
      const plain = await get('/api/openapi.json');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const br = await get('/api/openapi.json', 'br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

      const gzip = await get('/api/openapi.json', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    });

    it('leaves small JSON answers alone', async () => {
      const response = await get('/api/health/live', 'br, gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
    });

    it('streams a CSV export compressed, with its type and disposition', async () => {
      const plain = await get('/api/test/export/rows.csv');
      expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(plain.headers['content-disposition']).toBe('attachment; filename="rows.csv"');
      expect(plain.body.split('\r\n').slice(0, 2)).toEqual(['Index,Name', '0,row 0']);

      const gzip = await get('/api/test/export/rows.csv', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    });

    it('compresses the app shell, keeping its cache rule', async () => {
      const response = await get('/acme-outdoor/overview', 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
    });
  });
});
