import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAddressOrRange } from '../common/client-address.js';
import { ConfigDeclaration, read } from './config-declaration.js';

const NODE_ENVS = ['development', 'test', 'production'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The bff package folder: the nearest folder above this file with bff's package.json (this file lives in
 * src/config/, dist/config/, or the benchmark's dist/bench/src/config/).
 */
function findPackageDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"@partner-portal/bff"')) {
      return dir;
    }
    if (path.dirname(dir) === dir) return path.resolve(start, '..', '..');
  }
}

export const BFF_PACKAGE_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));
/** The monorepo root, the parent of the bff package. */
export const REPO_ROOT = path.resolve(BFF_PACKAGE_DIR, '..');

const MIN_JWT_SECRET_BYTES = 32;
/** OWASP's minimum for argon2id, the floor of docs/product.md §5. */
const ARGON2_MIN_MEMORY_KIB = 19_456;
const ARGON2_MIN_TIME_COST = 2;
/** Vite's dev server (`pnpm dev`): the portal's origin in development. */
const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/**
 * Every setting of the BFF, each written once: variable, default, meaning, validation. AppConfig is
 * built from it, and the configuration table of the root README is generated from it
 * (`pnpm --filter @partner-portal/bff config:docs`; a unit test fails when the README differs).
 */
export const SETTINGS = ConfigDeclaration.empty()
  .add('nodeEnv', {
    env: 'NODE_ENV',
    default: '`development`',
    doc: '`development`, `test` or `production`. Production: HSTS, no demo data, listens on every interface. Development: human-readable logs at a terminal, the loopback and dev-server origins count as same-origin.',
    read: read.oneOf(NODE_ENVS, 'development'),
  })
  .add('port', {
    env: 'PORT',
    default: '`3000`',
    doc: 'HTTP port (`0`: any free port).',
    read: read.integer(3000, 0, 65535),
  })
  .add('host', {
    env: 'HOST',
    default: '`127.0.0.1`; `0.0.0.0` when `NODE_ENV=production`',
    doc: 'Address to listen on. Outside production only this machine can connect (the demo data has a staff account with a published password); `HOST=0.0.0.0` listens on every interface (a container, another machine).',
    read: (raw, { nodeEnv }) => raw ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
  })
  .add('publicUrl', {
    env: 'PUBLIC_URL',
    default: '`http://localhost:${PORT}`',
    doc: "The portal's public origin. Links in e-mails and the error page use it, never the request's `Host` header. An `https` URL also turns on HSTS and `upgrade-insecure-requests`.",
    read: (raw, { port }, problem) =>
      (raw === undefined ? undefined : read.origin(raw, problem)) ?? `http://localhost:${port}`,
  })
  .add('databaseUrl', {
    env: 'DATABASE_URL',
    default: 'unset: embedded',
    doc: '`postgres://user:pass@host:5432/db`. Unset: an embedded PostgreSQL (PGlite) in `DATA_DIR/pglite`, reachable only from this process on 127.0.0.1.',
    read: read.url(['postgres:', 'postgresql:']),
  })
  .add('databasePreparedStatements', {
    env: 'DATABASE_PREPARED_STATEMENTS',
    default: '`true`',
    doc: "Send the BFF's own statements (`Database` in `bff/src/database/`) as named prepared statements, so that PostgreSQL plans each once per connection. `false` behind a pooler in transaction mode without prepared-statement support (PgBouncer before 1.21): every statement is then sent unnamed and planned each time. The embedded database always gets unnamed statements (its connections share one session).",
    read: (raw, _prior, problem) => read.boolean(raw, true, problem),
  })
  .add('databaseTimeoutMs', {
    env: 'DATABASE_TIMEOUT_MS',
    default: '`2000`',
    doc: 'How long a request waits for an external database, in ms: for a connection from the pool, and for each statement (timed by the BFF, so a frozen server counts too). Past it the request is answered 503 `unavailable` with `Retry-After` (docs/operations.md, "When a dependency is down"). Start-up work (migrations, demo data) is not bounded; the embedded database gets 10 s for a connection (its one connection is shared by every request).',
    read: read.integer(2000, 100, 600_000),
  })
  .add('dataDir', {
    env: 'DATA_DIR',
    default: '`<repo>/.data` (the parent of `bff/`, then `.data`)',
    doc: 'Local state: the embedded database (`pglite/`, locked by `pglite.lock` while a process uses it). A relative path is taken from the working directory.',
    read: (raw) => path.resolve(raw ?? path.join(REPO_ROOT, '.data')),
  })
  .add('portalDistDir', {
    env: 'PORTAL_DIST_DIR',
    default: '`<repo>/portal/dist`',
    doc: "The portal's build. A relative path is taken from the working directory.",
    read: (raw) => path.resolve(raw ?? path.join(REPO_ROOT, 'portal', 'dist')),
  })
  .add('logLevel', {
    env: 'LOG_LEVEL',
    default: '`info`',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
    read: read.oneOf(LOG_LEVELS, 'info'),
  })
  .add('seedDemoData', {
    env: 'SEED_DEMO_DATA',
    default: '`true` with the embedded database, else `false`',
    doc: 'Load the demo data (docs/product.md §6) at start. Only into a database without partners or users; refused when `NODE_ENV=production`.',
    read: (raw, { databaseUrl, nodeEnv }, problem) => {
      const seed = read.boolean(
        raw,
        databaseUrl === undefined && nodeEnv !== 'production',
        problem,
      );
      if (seed && nodeEnv === 'production') problem('must not be true when NODE_ENV is production');
      return seed;
    },
  })
  .add('trustedProxies', {
    env: 'TRUSTED_PROXIES',
    default: 'unset: none',
    doc: "Comma-separated addresses or CIDR ranges of the reverse proxies in front of the BFF (e.g. `10.0.0.0/8,127.0.0.1`). `X-Forwarded-For` is believed only from a connection of one of them, up to the first address that is not one of them; a client that reaches the BFF directly cannot choose its address. Unset: the socket's address is the client's.",
    read: (raw, _prior, problem): readonly string[] => {
      const entries = (raw ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      const bad = entries.filter((entry) => !isAddressOrRange(entry));
      if (bad.length > 0) {
        problem(`must list IP addresses or CIDR ranges, comma-separated (not ${bad.join(', ')})`);
        return [];
      }
      return entries;
    },
  })
  .add('jwtSecret', {
    env: 'JWT_SECRET',
    default: 'production: required; else generated',
    doc: 'HS256 key of the access JWTs (and the key the list cursors are signed with is derived from it), at least 32 bytes (e.g. `openssl rand -base64 48`). Required when `NODE_ENV=production` (the BFF refuses to start without it). Unset elsewhere: generated once into `DATA_DIR/secrets.json` (mode 0600); in tests, a new one per process.',
    read: (raw, { nodeEnv }, problem): string | undefined => {
      if (raw === undefined) {
        if (nodeEnv === 'production') problem('is required when NODE_ENV is production');
        return undefined;
      }
      if (Buffer.byteLength(raw, 'utf8') < MIN_JWT_SECRET_BYTES) {
        problem(
          `must be at least ${MIN_JWT_SECRET_BYTES} bytes (256 bits), e.g. openssl rand -base64 48`,
        );
      }
      return raw;
    },
  })
  .add('smtpUrl', {
    env: 'SMTP_URL',
    default: 'unset: the outbox',
    doc: '`smtp://` or `smtps://user:pass@host:port`: e-mails (reset links, invitations, notices) are sent through it (nodemailer).',
    read: read.url(['smtp:', 'smtps:']),
  })
  .add('mailOutboxDir', {
    env: 'MAIL_OUTBOX_DIR',
    default: '`DATA_DIR/outbox`',
    doc: 'Without `SMTP_URL`, each e-mail is written there as one JSON file (`to`, `subject`, `text`); in development its link is also logged (never in test or production).',
    read: (raw, { dataDir }) => path.resolve(raw ?? path.join(dataDir, 'outbox')),
  })
  .add('mailFrom', {
    env: 'MAIL_FROM',
    default: '`Partner portal <no-reply@{PUBLIC_URL host}>`',
    doc: 'The sender of every e-mail.',
    read: (raw, { publicUrl }) => raw ?? `Partner portal <no-reply@${new URL(publicUrl).hostname}>`,
  })
  .add('worker', {
    env: 'WORKER',
    default: '`on`',
    doc: "`on`: the BFF runs the job queue's worker (e-mails; docs/operations.md, Jobs). `off`: it only enqueues, and `node bff/dist/worker.js` (same settings) runs the jobs; any number of each may run on one database, a job runs on one at a time.",
    read: (raw, _prior, problem) =>
      read.oneOf(['on', 'off'] as const, 'on')(raw, undefined, problem) === 'on',
  })
  .add('digest', {
    env: 'DIGEST',
    default: '`on`',
    doc: "`on`: the daily digest (docs/product.md, Notification preferences) is sent at 08:00 in each partner's time zone, looked for every 5 minutes by the job queue (one instance at each time). `off`: no digest is sent (the tests' default, so that no digest lands among the messages a test reads).",
    read: (raw, _prior, problem) =>
      read.oneOf(['on', 'off'] as const, 'on')(raw, undefined, problem) === 'on',
  })
  .add('workerPollSeconds', {
    env: 'WORKER_POLL_SECONDS',
    default: '`2`',
    doc: 'How often an idle worker looks for due jobs, in seconds (at least 1).',
    read: read.integer(2, 1, 600),
  })
  .add('jobRetries', {
    env: 'JOB_RETRIES',
    default: '`12`',
    doc: 'Retries of a failed job (an e-mail the SMTP server refused, …) before it is dead: with the default delay, about 6 to 11 hours of retries.',
    read: read.integer(12, 0, 30),
  })
  .add('jobRetryDelaySeconds', {
    env: 'JOB_RETRY_DELAY_SECONDS',
    default: '`5`',
    doc: 'The first retry comes 1 to 2 times this many seconds after a failure; each next one waits twice as long (exponential backoff with jitter).',
    read: read.integer(5, 1, 3600),
  })
  .add('shutdownDrainSeconds', {
    env: 'SHUTDOWN_DRAIN_SECONDS',
    default: '`3`',
    doc: "On SIGTERM, readiness (`/api/health/ready`) answers 503 at once and the BFF goes on serving this long, so that a balancer's health check (every second, out after 2 failures) takes it out of rotation first; then it stops accepting, finishes the requests in flight and exits 0. SIGINT (Ctrl-C) does not wait.",
    read: read.integer(3, 0, 300),
  })
  .add('jobExpiryCheckSeconds', {
    env: 'JOB_EXPIRY_CHECK_SECONDS',
    default: '`60`',
    doc: 'How often the job queue looks for jobs whose process died while running them (past their timeout) and puts them back for a retry, in seconds (one instance at a time).',
    read: read.integer(60, 1, 3600),
  })
  .add('webhookUrls', {
    env: 'WEBHOOK_URLS',
    default: '`loopback` when `NODE_ENV=development`, otherwise `public`',
    doc: '`public`: a webhook URL must be `https` and its host must resolve to public addresses only (no private, loopback or link-local address, IPv4 or IPv6), checked at each delivery after DNS resolution, the connection made to the checked address. `loopback`: also `http://localhost` and `http://127.0.0.1` (development), and loopback addresses are delivered to (docs/operations.md, Webhooks).',
    read: (raw, { nodeEnv }, problem) =>
      read.oneOf(
        ['public', 'loopback'] as const,
        nodeEnv === 'development' ? 'loopback' : 'public',
      )(raw, undefined, problem),
  })
  .add('webhookTimeoutSeconds', {
    env: 'WEBHOOK_TIMEOUT_SECONDS',
    default: '`10`',
    doc: 'A webhook delivery that has not answered in this many seconds has failed (and is retried).',
    read: read.integer(10, 1, 60),
  })
  .add('webhookConcurrency', {
    env: 'WEBHOOK_CONCURRENCY',
    default: '`16`',
    doc: 'Webhook delivery attempts one worker makes at once (each waits up to `WEBHOOK_TIMEOUT_SECONDS` on its receiver); an idle worker looks for due attempts this many times per `WORKER_POLL_SECONDS`.',
    read: read.integer(16, 1, 100),
  })
  .add('webhookRetryDelaySeconds', {
    env: 'WEBHOOK_RETRY_DELAY_SECONDS',
    default: '`30`',
    doc: 'The first retry of a failed webhook delivery comes 1 to 1.5 times this many seconds later; each next one waits twice as long (at most 6 hours), with jitter.',
    read: read.integer(30, 1, 3600),
  })
  .add('webhookRetryWindowSeconds', {
    env: 'WEBHOOK_RETRY_WINDOW_SECONDS',
    default: '`259200` (3 days)',
    doc: 'A webhook delivery is retried for this long; an endpoint that has failed every delivery for this long is disabled and its partner’s admins are e-mailed.',
    read: read.integer(259_200, 1, 30 * 86_400),
  })
  .add('webhookRetentionDays', {
    env: 'WEBHOOK_RETENTION_DAYS',
    default: '`30`',
    doc: 'Webhook events and their delivery log are kept this many days: the hourly job `webhook-retention` deletes the finished attempts older than that, and the events none of whose attempts is left; an attempt still pending (or a failed one whose retry is) is kept whatever its age (docs/operations.md, Webhooks).',
    read: read.integer(30, 1, 3650),
  })
  .add('redisUrl', {
    env: 'REDIS_URL',
    default: 'unset: in memory',
    doc: '`redis://` or `rediss://`: throttling counters shared by every BFF instance. Unset, each process counts alone.',
    read: read.url(['redis:', 'rediss:']),
  })
  .add('argon2MemoryKib', {
    env: 'ARGON2_MEMORY_KIB',
    default: `\`${ARGON2_MIN_MEMORY_KIB}\``,
    doc: `argon2id memory cost (KiB) of new password hashes. May be raised; lower than ${ARGON2_MIN_MEMORY_KIB} only when \`NODE_ENV=test\`.`,
    read: (raw, { nodeEnv }, problem) =>
      read.integer(
        ARGON2_MIN_MEMORY_KIB,
        nodeEnv === 'test' ? 8 : ARGON2_MIN_MEMORY_KIB,
        4_194_304,
      )(raw, undefined, problem),
  })
  .add('argon2TimeCost', {
    env: 'ARGON2_TIME_COST',
    default: `\`${ARGON2_MIN_TIME_COST}\``,
    doc: `argon2id iterations. May be raised; lower than ${ARGON2_MIN_TIME_COST} only when \`NODE_ENV=test\`.`,
    read: (raw, { nodeEnv }, problem) =>
      read.integer(ARGON2_MIN_TIME_COST, nodeEnv === 'test' ? 1 : ARGON2_MIN_TIME_COST, 100)(
        raw,
        undefined,
        problem,
      ),
  })
  .add('analyticsCacheMb', {
    env: 'ANALYTICS_CACHE_MB',
    default: '`64`',
    doc: "Memory for analytics answers kept to be sent again while their partner's data is unchanged (each checked against the version of its rollups on every request; a 2-year daily answer is about 420 KB), in MB. `0`: every answer is built afresh.",
    read: read.integer(64, 0, 4096),
  })
  .add('secondApprovalAbove', {
    env: 'SECOND_APPROVAL_ABOVE',
    default: '`1000`',
    doc: "Whole major units of a claim's currency (`1000`: 1,000.00 EUR, 1,000 JPY): an approval of more needs two different staff members, the first recording a pending approval that a second completes (docs/product.md §3a). `0`: every approval needs two.",
    read: read.integer(1000, 0, 1_000_000),
  })
  .add('reviewTargetDays', {
    env: 'REVIEW_TARGET_DAYS',
    default: '`5`',
    doc: "Days a claim may wait for staff (since its submission or the partner's latest answer) before the review queue shows it overdue (docs/product.md §3a).",
    read: read.integer(5, 1, 365),
  })
  .add('devOrigins', {
    env: 'DEV_ORIGINS',
    default: VITE_DEV_ORIGINS.map((origin) => `\`${origin}\``).join(', '),
    doc: "Development only (ignored otherwise): comma-separated origins the CSRF check accepts as the portal's own besides `PUBLIC_URL`, by default Vite's dev server of `pnpm dev`. The loopback names of `PORT` (`http://localhost:PORT`, `http://127.0.0.1:PORT`, `http://[::1]:PORT`) are always accepted in development.",
    read: (raw, _prior, problem): readonly string[] =>
      raw === undefined
        ? VITE_DEV_ORIGINS
        : raw
            .split(',')
            .map((origin) => origin.trim())
            .filter((origin) => origin !== '')
            .flatMap((origin) => read.origin(origin, problem) ?? []),
  })
  .add('reviewTargetDays', {
    env: 'REVIEW_TARGET_DAYS',
    default: '`5`',
    doc: 'The review target (docs/product.md §5): days a claim may wait for staff (since its submission or the partner’s latest answer) before the review queue shows it as overdue.',
    read: read.integer(5, 1, 365),
  });
