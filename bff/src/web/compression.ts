import fastifyCompress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Below this, compressing costs more than the bytes it saves (a typical MTU holds ~1.4 KB). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compressed answers, by the request's Accept-Encoding (brotli, then gzip): JSON and problem details
 * above 1 KB, CSV streams, the app shell. The portal's build files are sent precompressed (`.br` and
 * `.gz` beside each file, written by its build; see the static plugin's `preCompressed`), and an
 * answer that already has a Content-Encoding is never compressed again. On-the-fly brotli runs at
 * quality 4: most of the gain for a fraction of the CPU of the default 11.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
}
