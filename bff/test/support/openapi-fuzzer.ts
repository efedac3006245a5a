import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A fuzzer driven by the served OpenAPI document: every operation, random and hostile values for its
 * path parameters, query parameters and body, sent as each role. Nothing here names an endpoint, so an
 * endpoint added later is fuzzed as soon as it is in the document.
 */

type Schema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzOperation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParameters: OpenApiParameter[];
  queryParameters: OpenApiParameter[];
  /** Request headers the operation reads (If-Match, Idempotency-Key). */
  headerParameters: OpenApiParameter[];
  bodySchema: Schema | undefined;
  /** An upload route: its body is `multipart/form-data`, and nothing else. */
  takesMultipart: boolean;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method.toUpperCase()))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          id: operation.operationId ?? `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as FuzzOperation['method'],
          path,
          pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
          queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
          headerParameters: parameters.filter((parameter) => parameter.in === 'header'),
          bodySchema: operation.requestBody?.content?.['application/json']?.schema,
          takesMultipart: operation.requestBody?.content?.['multipart/form-data'] !== undefined,
        };
      }),
  );
}

/** Strings that have broken servers: NUL, odd Unicode, SQL, paths, formats, sizes. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  'a%00b',
  '%',
  '%C4%B0',
  'İ',
  'ß',
  'ﬃ',
  '\uD800',
  '\uDFFF',
  '😀',
  '\u202E\u0041',
  '\uFEFF',
  'e\u0301',
  '\r\n',
  '\t',
  "'",
  '"',
  '\\',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '$1',
  ':partnerSlug',
  '../../etc/passwd',
  '..',
  '/',
  '?',
  '#',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '=1+1',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
] as const;

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', 'a', '%'), maxLength: 8 }) },
);

/** Any JSON value, with hostile strings and prototype-polluting keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.1),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

function resolve(schema: Schema | undefined, document: OpenApiDocument): Schema {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema ?? {};
  const name = ref.replace('#/components/schemas/', '');
  return resolve(document.components?.schemas?.[name], document);
}

/** A value that mostly fits the schema (so requests get past validation), sometimes not at all. */
function schemaValue(
  schemaOrRef: Schema | undefined,
  document: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(schemaOrRef, document);
  const hostile = depth > 3 ? fc.constant(null) : hostileJson;
  const fitting = fittingValue(schema, document, depth);
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: hostile });
}

function fittingValue(
  schema: Schema,
  document: OpenApiDocument,
  depth: number,
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length > 0)
    return schemaValue(allOf[0] as Schema, document, depth);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email')
        return fc.oneof(
          fc.emailAddress(),
          hostileString.map((text) => `${text}@acme.example`),
        );
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') {
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string({ maxLength: 30 }),
          hostileString,
        );
      }
      return fc.oneof(fc.string({ maxLength: 80 }), hostileString);
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer());
    case 'number':
      return fc.double();
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaValue(schema.items as Schema, document, depth + 1), { maxLength: 4 });
    case 'object':
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const entries = Object.entries(properties);
      if (entries.length === 0 || depth > 3) return hostileJson;
      return fc.record(
        Object.fromEntries(
          entries.map(([name, property]) => [name, schemaValue(property, document, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    }
  }
}

/** A body: mostly the schema's shape with hostile values, plus unknown fields, prototype keys, junk. */
function bodyOf(schema: Schema | undefined, document: OpenApiDocument): fc.Arbitrary<FuzzBody> {
  const shaped = schemaValue(schema, document);
  const json = (value: unknown): FuzzBody => ({ json: value });
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.string({ maxLength: 12 }), hostileJson)
        .map(([value, key, extra]) =>
          json(
            typeof value === 'object' && value !== null ? { ...value, [`x${key}`]: extra } : value,
          ),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('__proto__', 'constructor', 'prototype'))
        .map(([value, key]): FuzzBody => {
          const inner = JSON.stringify(value ?? null);
          const polluting = `{"${key}":{"isStaff":true,"role":"admin","polluted":true}`;
          const text =
            typeof value === 'object' && value !== null && !Array.isArray(value) && inner !== '{}'
              ? `${polluting},${inner.slice(1)}`
              : `${polluting}}`;
          return { raw: text };
        }),
    },
    { weight: 1, arbitrary: hostileJson.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FuzzBody>(
        { raw: '' },
        { raw: '{' },
        { raw: '{"a":' },
        { raw: 'null' },
        { raw: '"\\u0000"' },
        { raw: '{"email":"\\u0000","password":"\\ud800"}' },
        { raw: `{"x":"${'y'.repeat(1_100_000)}"}` },
        { raw: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
      ),
    },
  );
}

/** A body: JSON (sent as `application/json`), raw text as JSON, or raw text of another media type. */
export type FuzzBody = { json: unknown } | { raw: string; contentType?: string };

/**
 * Bodies of the types a JSON route refuses (docs/api.md, Conventions: JSON only): what a cross-site
 * form sends, multipart, JSON under another type or charset, and a body with no type at all.
 */
const FOREIGN_BODIES: Array<{ contentType: string | null; raw: string }> = [
  { contentType: 'application/x-www-form-urlencoded', raw: 'email=a%40b.example&password=x' },
  { contentType: 'application/x-www-form-urlencoded', raw: '' },
  { contentType: 'text/plain', raw: '{"email":"a@b.example","password":"x"}' },
  { contentType: 'text/plain;charset=UTF-8', raw: '{}' },
  {
    contentType: 'multipart/form-data; boundary=fuzz',
    raw: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--\r\n',
  },
  { contentType: 'multipart/form-data; boundary=fuzz', raw: 'not multipart at all' },
  { contentType: 'application/xml', raw: '<a/>' },
  { contentType: 'application/json; charset=iso-8859-1', raw: '{}' },
  { contentType: 'application/json; charset=utf-8; x=y', raw: '{}' },
  { contentType: 'application/x-json', raw: '{}' },
  { contentType: 'application/merge-patch+json', raw: '{}' },
  { contentType: 'application/octet-stream', raw: '\u0000\u0001' },
  { contentType: 'text/html', raw: '<p>' },
  { contentType: null, raw: '{}' },
];

/** A body of a type a JSON route does not take. */
function foreignBody(): fc.Arbitrary<FuzzBody> {
  return fc
    .constantFrom(...FOREIGN_BODIES)
    .map(({ contentType, raw }) => ({ raw, contentType: contentType ?? '' }));
}

/** The media type a request's body goes as; '' for none at all. */
function contentTypeOf(body: FuzzBody): string {
  return 'contentType' in body && body.contentType !== undefined
    ? body.contentType
    : 'application/json';
}

/**
 * Whether the request's body must be refused for its media type, 415 `unsupported_media_type`: a JSON
 * route takes `application/json` alone (an upload route, `multipart/form-data`, refuses others itself).
 */
export function refusedForMediaType(request: FuzzRequest, operation: FuzzOperation): boolean {
  if (request.body === undefined || operation.takesMultipart) return false;
  return contentTypeOf(request.body) !== 'application/json';
}

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) as its WTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.codePointAt(0) ?? 0;
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

const RAW_SEGMENTS = [
  '%00',
  '%C4%B0',
  '%ED%A0%80',
  '%FF',
  '%2F',
  '%2e%2e',
  '%25',
  'a%00b',
  '%E2%80%AE',
];

export interface FuzzRequest {
  method: FuzzOperation['method'];
  url: string;
  /** The operation's own headers, by name (left out when not sent). */
  headers: Record<string, string>;
  body: FuzzBody | undefined;
}

/**
 * A header value a client can send: visible ASCII, space and tab (HTTP refuses anything else before
 * the application sees it), so hostile text goes percent-encoded.
 */
function headerText(value: string): string {
  return /^[\t\x20-\x7e]*$/.test(value) ? value : encodeSegment(value);
}

/**
 * Requests for one operation. `knownValues` gives real values by parameter name, for path and query
 * parameters alike (`partnerSlug`: a real partner; `cursor`: cursors of this list and of others),
 * mixed with hostile ones, so that requests reach past the guards and the validation too.
 */
export function requestsFor(
  operation: FuzzOperation,
  document: OpenApiDocument,
  knownValues: Record<string, readonly string[]>,
): fc.Arbitrary<FuzzRequest> {
  const segment = (name: string): fc.Arbitrary<string> => {
    const known = knownValues[name] ?? [];
    return fc.oneof(
      {
        weight: known.length > 0 ? 4 : 0,
        arbitrary: fc.constantFrom(...(known.length > 0 ? known : [''])).map(encodeSegment),
      },
      { weight: 3, arbitrary: hostileString.map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    );
  };
  const path = fc
    .tuple(...operation.pathParameters.map((parameter) => segment(parameter.name)))
    .map((values) =>
      operation.pathParameters.reduce(
        (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''),
        operation.path,
      ),
    );
  const queryValue = (parameter: OpenApiParameter): fc.Arbitrary<string> => {
    const known = knownValues[parameter.name] ?? [];
    return fc.oneof(
      fittingValue(resolve(parameter.schema, document), document, 3).map((value) =>
        typeof value === 'string' ? value : JSON.stringify(value),
      ),
      hostileString,
      {
        weight: known.length > 0 ? 2 : 0,
        arbitrary: fc.constantFrom(...(known.length > 0 ? known : [''])),
      },
    );
  };
  const queryPairs = fc
    .tuple(
      ...operation.queryParameters.map((parameter) =>
        fc.option(
          fc
            .array(queryValue(parameter), { minLength: 1, maxLength: 2 })
            .map((values) => values.map((value) => [parameter.name, value] as const)),
          { freq: 2 },
        ),
      ),
    )
    .chain((declared) =>
      // An unknown parameter in one request of four: the rest get past the whitelist.
      fc
        .oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
        )
        .map((unknown) => [
          ...declared.flatMap((pairs) => pairs ?? []),
          ...(unknown === null ? [] : [unknown]),
        ]),
    );
  const query = queryPairs.map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`).join('&')}`,
  );
  const headers = fc
    .tuple(
      ...operation.headerParameters.map((parameter) =>
        fc.option(
          queryValue(parameter).map((value) => [parameter.name, headerText(value)] as const),
          { freq: 4 },
        ),
      ),
    )
    .map((pairs) =>
      Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair !== null)),
    );
  // One body in eight of a type a JSON route does not take.
  const body =
    operation.method === 'GET' || operation.method === 'DELETE'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 7, arbitrary: bodyOf(operation.bodySchema, document) },
          { weight: 1, arbitrary: foreignBody() },
        );
  return fc
    .record({ path, query, headers, body })
    .map(({ path: url, query: search, headers: sent, body: payload }) => ({
      method: operation.method,
      url: `${url}${search}`,
      headers: sent,
      body: payload,
    }));
}

/** What to print of a failing request: everything but the credentials, with control characters escaped. */
export function describeRequest(
  request: FuzzRequest,
  role: string,
  response: LightMyRequestResponse,
): string {
  const body =
    request.body === undefined
      ? ''
      : 'raw' in request.body
        ? `(${contentTypeOf(request.body) || 'no type'}) ${request.body.raw.slice(0, 500)}`
        : JSON.stringify(request.body.json)?.slice(0, 500);
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.slice(0, 100)}`)
    .join(', ');
  return [
    `${request.method} ${request.url.slice(0, 500)} as ${role}`,
    headers === '' ? '' : `headers: ${headers}`,
    body === '' ? '' : `body: ${body}`,
    `→ ${response.statusCode} ${response.body.slice(0, 300)}`,
  ]
    .filter((line) => line !== '')
    .join('\n  ');
}

/** Body fields whose values the test app treats as credentials (and checks the logs for). */
const CREDENTIAL_FIELDS = new Set(['password', 'newPassword', 'token']);

/**
 * The inject options of a fuzz request, as a browser would send it: cookies + CSRF header. A JSON
 * object goes as an object, so the test app remembers its password and token fields and checks that
 * none reaches the logs; those fields get a unique suffix (`tag`), so that the same hostile string
 * sent elsewhere (a path segment, which is logged) is not mistaken for a leak.
 */
export function injectOptionsOf(
  request: FuzzRequest,
  session: { cookie: string; csrf: string } | undefined,
  remoteAddress: string,
  tag: string,
): InjectOptions {
  const headers: Record<string, string> = { ...request.headers };
  if (session !== undefined) {
    headers.cookie = session.cookie;
    if (request.method !== 'GET') headers['x-csrf-token'] = session.csrf;
  }
  let payload: InjectOptions['payload'];
  if (request.body !== undefined) {
    const type = contentTypeOf(request.body);
    if (type !== '') headers['content-type'] = type;
    if ('raw' in request.body) payload = request.body.raw;
    else if (isPlainObject(request.body.json)) payload = tagCredentials(request.body.json, tag);
    else payload = JSON.stringify(request.body.json);
  }
  return { method: request.method, url: request.url, headers, payload, remoteAddress };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tagCredentials(body: Record<string, unknown>, tag: string): Record<string, unknown> {
  const tagged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    Object.defineProperty(tagged, key, {
      value: CREDENTIAL_FIELDS.has(key) && typeof value === 'string' ? `${value}~${tag}` : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tagged;
}
