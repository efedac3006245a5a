// `pnpm dev` end to end: signs in through the Vite dev server, as a browser on it would.
// Starts the built BFF (NODE_ENV=development, a throwaway embedded database) and the dev server,
// each on a free port, then through the dev server's /api proxy:
//   - POST /api/auth/signin with the dev server's Origin and the demo credentials: 200,
//   - GET /api/me with the cookies it set: 200, and POST /api/auth/signout with its CSRF header: 204,
//   - the same sign-in from a foreign Origin: still 403 `csrf` (the proxy does not launder origins).
// Needs `pnpm --filter @partner-portal/bff build` first. Exits 1 on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const portalDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = join(portalDir, '..');
const DEMO = { email: 'manager@acme.example', password: 'portal-demo-passphrase' };
const READY_TIMEOUT_MS = 120_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const children = [];
const dataDir = mkdtempSync(join(tmpdir(), 'portal-dev-check-'));

function start(name, command, args, options) {
  const child = spawn(command, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.push({ name, child, output });
  return child;
}

function stopAll() {
  for (const { child } of children) {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitFor(url, name) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exited = children.find((entry) => entry.name === name && entry.child.exitCode !== null);
    if (exited) throw new Error(`${name} exited with ${exited.child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

const failures = [];
function expect(what, actual, expected) {
  const ok = actual === expected;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${actual}${ok ? '' : ` (expected ${expected})`}`);
  if (!ok) failures.push(what);
}

const cookieHeader = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
const cookieValue = (cookies, name) =>
  cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

async function main() {
  const [bffPort, devPort] = await Promise.all([freePort(), freePort()]);
  const bffOrigin = `http://localhost:${bffPort}`;
  const devOrigin = `http://localhost:${devPort}`;

  const bffEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(bffPort),
    DATA_DIR: dataDir,
  };
  delete bffEnv.DATABASE_URL;
  delete bffEnv.PUBLIC_URL;
  start('bff', process.execPath, ['bff/dist/main.js'], { cwd: repoDir, env: bffEnv });
  await waitFor(`http://127.0.0.1:${bffPort}/api/health/ready`, 'bff');

  start(
    'vite',
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      '--port',
      String(devPort),
      '--strictPort',
      '--host',
      'localhost',
    ],
    { cwd: portalDir, env: { ...process.env, NODE_ENV: 'development', BFF_ORIGIN: bffOrigin } },
  );
  await waitFor(`${devOrigin}/`, 'vite');

  const signIn = (origin) =>
    fetch(`${devOrigin}/api/auth/signin`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Origin: origin,
        'Sec-Fetch-Site': origin === devOrigin ? 'same-origin' : 'cross-site',
      },
      body: JSON.stringify(DEMO),
    });

  const signedIn = await signIn(devOrigin);
  expect(`POST /api/auth/signin through ${devOrigin} (Origin: ${devOrigin})`, signedIn.status, 200);
  const cookies = cookieHeader(signedIn);

  const me = await fetch(`${devOrigin}/api/me`, {
    headers: { Cookie: cookies, Accept: 'application/json' },
  });
  expect('GET /api/me with the session cookies', me.status, 200);

  const signOut = await fetch(`${devOrigin}/api/auth/signout`, {
    method: 'POST',
    headers: {
      Cookie: cookies,
      Origin: devOrigin,
      'Sec-Fetch-Site': 'same-origin',
      'X-CSRF-Token': cookieValue(cookies, 'csrf') ?? '',
    },
  });
  expect('POST /api/auth/signout with the CSRF header', signOut.status, 204);

  const foreign = await signIn('http://evil.example');
  const foreignBody = await foreign.json().catch(() => ({}));
  expect(
    'POST /api/auth/signin from a foreign Origin',
    `${foreign.status} ${foreignBody.code}`,
    '403 csrf',
  );
}

const timer = setTimeout(() => {
  console.error('dev sign-in check timed out');
  stopAll();
  process.exit(1);
}, 4 * READY_TIMEOUT_MS);

try {
  await main();
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  clearTimeout(timer);
  if (failures.length > 0) {
    for (const { name, output } of children)
      console.error(`--- ${name} output (last lines)\n${output.join('').slice(-4000)}`);
  }
  stopAll();
}
process.exit(failures.length > 0 ? 1 : 0);
