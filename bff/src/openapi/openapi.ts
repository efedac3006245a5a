import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ACCESS_COOKIE } from '../auth/cookies.js';
import { BFF_PACKAGE_DIR } from '../config/app-config.js';
import { API_DOCS_PATH } from '../web/security-headers.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** The committed copy from which the portal generates its API types. */
export const OPENAPI_FILE = path.join(BFF_PACKAGE_DIR, 'openapi.json');

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(BFF_PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** Object keys in a fixed order, so that the committed file changes only when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, sortKeys(entry)]),
    );
  }
  return value;
}

/** The OpenAPI document of the API, built from the controllers and DTOs (sorted: the file's). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return sortKeys(createOpenApiDocument(app)) as OpenAPIObject;
}

/** The document as the controllers and DTOs declare it, properties in their classes' order. */
function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Partner portal BFF')
    .setDescription(
      'The JSON API of the partner portal. Errors are RFC 9457 problem details (application/problem+json).',
    )
    .setVersion(packageVersion())
    // The portal's session: httpOnly cookies (and the csrf cookie repeated in X-CSRF-Token on changes).
    .addCookieAuth(ACCESS_COOKIE, { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE }, 'cookie')
    // Internal callers: the same access JWT as `Authorization: Bearer`.
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    // API keys (docs/api.md, API keys): a route a key may use names its scope in `x-scopes`.
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ppk_',
        description:
          'An API key, `Authorization: Bearer ppk_…` (no CSRF). Each operation lists the scope a key needs in `x-scopes` (`[]`: no key reaches it; public operations have none). Unknown, revoked or expired: 401; outside its scopes: 403 `insufficient_scope`; 600 requests a minute per key.',
      },
      'apiKey',
    )
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** The file content of openapi.json: pretty, sorted, with a trailing newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Serves the document at /api/openapi.json and Swagger UI at /api/docs; answers the document in its
 * classes' order (what `SerializedBySchema` serializes by: the answers keep their properties' order).
 */
export function setupOpenApi(app: INestApplication): OpenAPIObject {
  const document = createOpenApiDocument(app);
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, sortKeys(document) as OpenAPIObject, {
    jsonDocumentUrl: OPENAPI_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Partner portal API',
    swaggerOptions: { validatorUrl: null },
  });
  return document;
}
