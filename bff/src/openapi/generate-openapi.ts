import { createApp } from '../app.factory.js';
import { loadConfig } from '../config/app-config.js';
import { buildOpenApiDocument, serializeOpenApiDocument } from './openapi.js';

/**
 * The content of openapi.json as the code describes the API. Nest's preview mode builds the module
 * graph without instantiating providers, so no database is needed.
 */
export async function generateOpenApiJson(): Promise<string> {
  const app = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
    preview: true,
  });
  try {
    return serializeOpenApiDocument(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}
