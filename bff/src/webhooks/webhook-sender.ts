import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedAddress, type WebhookAddressRule } from './webhook-address.js';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header (Standard Webhooks): for each secret, `v1,` + base64 of the
 * HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the bytes the secret's base64 part decodes to;
 * several are separated by spaces (during a rotation: the new secret's, then the old one's).
 */
export function webhookSignature(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

/** What one attempt came to: the endpoint's status, or why there was none. */
export interface AttemptOutcome {
  responseStatus: number | null;
  durationMs: number;
  /** Why it failed without an answer (refused address, timeout, connection error); else null. */
  error: string | null;
}

/** Why the URL may not be delivered to under `rule`, before any DNS: scheme and literal addresses. */
export function refusedUrl(url: URL, rule: WebhookAddressRule): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) URL';
  if (url.protocol === 'http:' && rule === 'public') return 'http is refused: https only';
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return 'http only to localhost or 127.0.0.1';
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? undefined : refusedAddress(host, rule);
}

class RefusedAddress extends Error {}

/**
 * DNS resolution that refuses a host with any address the rule forbids, and hands the connection the
 * addresses it checked: the socket connects to what was checked, so a second answer of the DNS (a
 * rebinding) never reaches it.
 */
function checkedLookup(rule: WebhookAddressRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error !== null) {
        callback(error, '', 0);
        return;
      }
      const found = addresses as LookupAddress[];
      const refused = found
        .map((address) => refusedAddress(address.address, rule))
        .find((why) => why !== undefined);
      if (refused !== undefined || found.length === 0) {
        const why = refused ?? 'no address';
        callback(new RefusedAddress(`${hostname} resolves to ${why}`), '', 0);
        return;
      }
      if (options.all === true) {
        (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
      } else {
        const [first] = found as [LookupAddress];
        callback(null, first.address, first.family);
      }
    });
  };
}

/**
 * POSTs one webhook: the body with the Standard Webhooks headers, within `timeoutMs` (the whole
 * exchange up to the response's status), to an address the rule allows. Never throws.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { rule: WebhookAddressRule; timeoutMs: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (responseStatus: number | null, error: string | null): AttemptOutcome => ({
    responseStatus,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  const url = URL.canParse(target) ? new URL(target) : undefined;
  if (url === undefined) return Promise.resolve(done(null, 'refused: not a URL'));
  const refused = refusedUrl(url, options.rule);
  if (refused !== undefined) return Promise.resolve(done(null, `refused: ${refused}`));
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'partner-portal-webhooks/1',
      },
      lookup: checkedLookup(options.rule),
      agent: false,
    });
    const timer = setTimeout(() => {
      settle(done(null, `timeout: no answer in ${options.timeoutMs / 1000} s`));
      request.destroy();
    }, options.timeoutMs);
    request.on('response', (response) => {
      // The answer's body is not read: only its status counts.
      response.resume();
      settle(done(response.statusCode ?? null, null));
      response.on('error', () => undefined);
    });
    request.on('error', (error) => {
      settle(
        done(
          null,
          error instanceof RefusedAddress ? `refused: ${error.message}` : `error: ${error.message}`,
        ),
      );
    });
    request.end(body);
  });
}
