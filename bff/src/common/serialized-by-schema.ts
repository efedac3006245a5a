import { RouteConfig } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** The route config flag of `SerializedBySchema`. */
const SERIALIZED_BY_SCHEMA = 'serializedBySchema';

/**
 * The route's 200 answer is serialized by the JSON schema the OpenAPI document publishes for it
 * (Fastify's response serializer, fast-json-stringify, compiled once per route), not by
 * `JSON.stringify` of whatever the handler returned: what the portal's API types are generated from
 * is then what the answer holds, and a big answer (a list page) is serialized without reflecting on
 * every object. A property the DTO class does not declare is not sent; a required one missing is a
 * 500. Installed by `serializeBySchema` (app.factory.ts).
 */
export function SerializedBySchema(): MethodDecorator {
  return RouteConfig({ [SERIALIZED_BY_SCHEMA]: true });
}

/** A JSON schema as the OpenAPI document and fast-json-stringify hold it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** What only documents a schema: nothing fast-json-stringify reads, some it would not know. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'deprecated']);

/**
 * Gives every route marked `SerializedBySchema` its documented 200 schema as its response schema
 * (refs resolved): must run before the routes are registered (`app.init()`). A marked route without
 * a documented JSON 200 answer stops the start.
 */
export function serializeBySchema(fastify: FastifyInstance, document: OpenAPIObject): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as Record<string, unknown> | undefined;
    if (config?.[SERIALIZED_BY_SCHEMA] !== true) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify's own HEAD twin of a GET route sends no body.
    const method = methods.find((name) => name !== 'HEAD');
    if (method === undefined) return;
    route.schema = {
      ...route.schema,
      response: { 200: documentedResponse(document, route.url, method) },
    };
  });
}

/** The schema of the JSON 200 answer of `method url` (a Fastify url, `:param`), refs resolved. */
export function documentedResponse(
  document: OpenAPIObject,
  url: string,
  method: string,
): JsonSchema {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = (
    document.paths[path] as Record<string, { responses?: Record<string, unknown> }> | undefined
  )?.[method.toLowerCase()];
  const ok = operation?.responses?.['200'] as
    { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  const schema = ok?.content?.['application/json']?.schema;
  if (schema === undefined) {
    throw new Error(
      `${method} ${url} is serialized by its schema but documents no JSON 200 answer`,
    );
  }
  return resolveSchema(schema, document.components?.schemas ?? {});
}

/**
 * `schema` self-contained: each `$ref` to a component replaced by the component, a lone `allOf`
 * (how the document spells a nullable or described reference) merged into its schema, annotations
 * dropped.
 */
export function resolveSchema(
  schema: JsonSchema,
  components: Readonly<Record<string, unknown>>,
  seen: readonly string[] = [],
): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace(/^#\/components\/schemas\//, '');
    const component = components[name];
    if (name === ref || typeof component !== 'object' || component === null) {
      throw new Error(`Unknown schema reference ${ref}`);
    }
    if (seen.includes(name)) throw new Error(`Schema ${name} refers to itself`);
    return resolveSchema(component as JsonSchema, components, [...seen, name]);
  }
  const resolve = (value: unknown): JsonSchema =>
    resolveSchema(value as JsonSchema, components, seen);
  let resolved: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword) || value === undefined) continue;
    if (keyword === 'properties') {
      resolved.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, property]) => [
          name,
          resolve(property),
        ]),
      );
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && isSchema(value))) {
      resolved[keyword] = resolve(value);
    } else if (keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') {
      resolved[keyword] = (value as unknown[]).map(resolve);
    } else {
      resolved[keyword] = value;
    }
  }
  const allOf = resolved.allOf as JsonSchema[] | undefined;
  if (allOf?.length === 1 && allOf[0] !== undefined) {
    const siblings = { ...resolved };
    delete siblings.allOf;
    resolved = { ...allOf[0], ...siblings };
  }
  return resolved;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
