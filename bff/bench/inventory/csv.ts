import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBff, stopServer } from '../support.js';
import { BenchApi } from '../harness/api.js';
import { type BenchContext, checker, type Report } from '../harness/context.js';
import { megabytes, readRss, RssSampler } from '../harness/rss.js';

/** Issue 8, "Must be shown" 5: the export of 1,000,000 rows grows the BFF's RSS by less than this. */
const RSS_GROWTH_LIMIT = 100 * 1024 * 1024;
/** The slow reader reads this much, then pauses. */
const SLOW_READ_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * The CSV export of every item of the big partner from a BFF child process: its RSS sampled throughout
 * (baseline, peak, growth) and the rows per second; then a client that reads 64 KB and pauses, over
 * and over, on a raw socket: the statements the BFF sends and the rows it receives must stop while the
 * client is paused, so what the server holds ahead of the client is bounded by the buffers on the way.
 */
export async function benchCsv(context: BenchContext): Promise<Report> {
  const { dataset } = context;
  const report: Report = { lines: [], failures: [] };
  const { lines, failures } = report;
  const check = checker(report);
  const bff = await startBff(context.url, {
    SEED_DEMO_DATA: 'false',
    BENCH_USER_EMAIL: dataset.userEmail,
  });
  try {
    const api = new BenchApi(bff.ready.port, bff.ready.token);
    const path = `/api/partners/${dataset.slug}/inventory.csv`;

    // Warm-up: the first 4 MB of the export, then the client goes away (JIT, pool, the abort path).
    await download(api, path, { status: 0, bytes: 0, newlines: 0 }, 4 * 1024 * 1024);
    await sleep(2000);
    const baselineSamples: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      baselineSamples.push(readRss(bff.pid));
      await sleep(50);
    }
    const baseline = median(baselineSamples);
    const baselineHeap = await api.get<NodeJS.MemoryUsage>('/api/bench/memory');

    // The whole export, read as fast as this process can; RSS every 50 ms, the heap every second.
    const whole: Download = { status: 0, bytes: 0, newlines: 0 };
    const sampler = new RssSampler(bff.pid, () => whole.newlines, 50);
    const heap: Array<{ progress: number; usage: NodeJS.MemoryUsage }> = [];
    const heapTimer = setInterval(() => {
      const progress = whole.newlines;
      void api
        .get<NodeJS.MemoryUsage>('/api/bench/memory')
        .then((usage) => heap.push({ progress, usage }));
    }, 1000);
    const before = await api.queries();
    const startedAt = performance.now();
    await download(api, path, whole).finally(() => clearInterval(heapTimer));
    const seconds = (performance.now() - startedAt) / 1000;
    sampler.stop();
    const after = await api.queries();
    const rows = whole.newlines - 1;
    const growth = sampler.peak - baseline;
    const bytesPerRow = whole.bytes / Math.max(1, whole.newlines);
    lines.push(
      `CSV export of ${rows.toLocaleString('en')} rows (${megabytes(whole.bytes)} MB, ${bytesPerRow.toFixed(0)} bytes/row) in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds).toLocaleString('en')} rows/s`,
      `  the BFF sent ${after.count - before.count} statements and received ${(after.rows - before.rows).toLocaleString('en')} rows from PostgreSQL (the partner guard's one row included)`,
      `  BFF RSS: baseline ${megabytes(baseline)} MB, peak ${megabytes(sampler.peak)} MB, growth ${megabytes(growth)} MB (${sampler.count} samples, every 50 ms)`,
      '',
      '| rows exported | RSS (MB, highest) | heap total | heap used | external | array buffers |',
      '| --- | --- | --- | --- | --- | --- |',
      `| before | ${megabytes(baseline)} | ${megabytes(baselineHeap.heapTotal)} | ${megabytes(baselineHeap.heapUsed)} | ${megabytes(baselineHeap.external)} | ${megabytes(baselineHeap.arrayBuffers)} |`,
    );
    const tenths = sampler.byTenths(whole.newlines);
    tenths.forEach((rss, tenth) => {
      const inTenth = heap.filter(
        ({ progress }) =>
          Math.min(9, Math.floor((progress / Math.max(1, whole.newlines)) * 10)) === tenth,
      );
      const most = (key: keyof NodeJS.MemoryUsage) =>
        inTenth.length === 0 ? '–' : megabytes(Math.max(...inTenth.map(({ usage }) => usage[key])));
      lines.push(
        `| ${tenth * 10}–${tenth * 10 + 10} % | ${megabytes(rss)} | ${most('heapTotal')} | ${most('heapUsed')} | ${most('external')} | ${most('arrayBuffers')} |`,
      );
    });
    lines.push('');
    check(whole.status === 200, `export answered ${whole.status}`);
    check(rows === dataset.items, `rows exported ${rows} = items of the partner ${dataset.items}`);
    check(
      growth < RSS_GROWTH_LIMIT,
      `RSS growth during the export ${megabytes(growth)} MB (target < ${megabytes(RSS_GROWTH_LIMIT)} MB)`,
    );
    lines.push('');
    const batchRows = (after.rows - before.rows) / Math.max(1, after.count - before.count);
    const slow = await slowReader(context, api, bff.pid, path, { bytesPerRow, batchRows });
    lines.push(...slow.lines);
    failures.push(...slow.failures);
    return report;
  } finally {
    await stopServer(bff);
  }
}

interface Download {
  status: number;
  bytes: number;
  newlines: number;
}

/**
 * GETs `path`, counting bytes and line ends into `result` as they come; with `stopAfter`, goes away
 * after that many bytes.
 */
function download(
  api: BenchApi,
  path: string,
  result: Download,
  stopAfter?: number,
): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get(api.url(path), { headers: api.headers, agent: false }, (response) => {
      result.status = response.statusCode ?? 0;
      response.on('data', (chunk: Buffer) => {
        result.bytes += chunk.length;
        for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
          result.newlines += 1;
        }
        if (stopAfter !== undefined && result.bytes >= stopAfter) {
          request.destroy();
          resolve(result);
        }
      });
      response.on('end', () => resolve(result));
      response.on('error', (error) => (stopAfter === undefined ? reject(error) : resolve(result)));
    });
    request.on('error', (error) => (stopAfter === undefined ? reject(error) : undefined));
  });
}

/** The BFF has stopped fetching when its statement count holds this long. */
const QUIET_MS = 1000;
/** A BFF that has not stopped after this long never will: the buffer is not bounded. */
const STOP_WITHIN_MS = 30_000;

interface PauseSample {
  received: number;
  statementsAtPause: number;
  /** When the statements stopped, ms after the pause began (undefined: they did not). */
  stoppedAfterMs: number | undefined;
  statementsSettled: number;
  statementsAtEnd: number;
  rowsAtEnd: number;
  rssAtEnd: number;
}

/**
 * A client on a raw socket that reads 64 KB and pauses, `pauses` times. In each pause the BFF fills
 * the buffers on the way, then must stop: its statement count holds for QUIET_MS (within
 * STOP_WITHIN_MS), then for `pauseSeconds` more. The rows it has fetched but the client has not
 * received (its lead) must not grow from pause to pause; RSS stays flat.
 */
async function slowReader(
  context: BenchContext,
  api: BenchApi,
  pid: number,
  path: string,
  sizes: { bytesPerRow: number; batchRows: number },
): Promise<Report> {
  const { bytesPerRow, batchRows } = sizes;
  const { profile } = context;
  const report: Report = { lines: [], failures: [] };
  const { lines } = report;
  // A small data set fits in the buffers on the way whole: then nothing here can be shown.
  const check = checker(report, profile.enforceTargets);
  const start = await api.queries();
  const rssStart = readRss(pid);
  const socket = net.connect(api.port, '127.0.0.1');
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\nAuthorization: ${api.headers.authorization}\r\nConnection: close\r\n\r\n`,
  );
  let received = 0;
  let limit = SLOW_READ_BYTES;
  let onLimit: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received >= limit) {
      socket.pause();
      onLimit?.();
    }
  });
  const samples: PauseSample[] = [];
  try {
    for (let pause = 0; pause < profile.pauses; pause += 1) {
      if (received < limit) await new Promise<void>((resolve) => (onLimit = resolve));
      const pausedAt = performance.now();
      const statementsAtPause = (await api.queries()).count - start.count;
      const stoppedAfterMs = await stopped(api, pausedAt);
      const settled = (await api.queries()).count - start.count;
      await sleep(profile.pauseSeconds * 1000);
      const end = await api.queries();
      samples.push({
        received,
        statementsAtPause,
        stoppedAfterMs,
        statementsSettled: settled,
        statementsAtEnd: end.count - start.count,
        rowsAtEnd: end.rows - start.rows,
        rssAtEnd: readRss(pid),
      });
      limit = received + SLOW_READ_BYTES;
      socket.resume();
    }
  } finally {
    socket.destroy();
  }
  // The client has gone: the BFF must stop fetching.
  await sleep(1000);
  const goneAt = await api.queries();
  await sleep(2000);
  const goneLater = await api.queries();

  lines.push(
    `slow reader: reads ${SLOW_READ_BYTES / 1024} KB, then pauses ${profile.pauseSeconds} s, ${profile.pauses} times (raw socket; statements and rows counted from the start of its request)`,
    '',
    `| pause | bytes received | statements: at pause → when they stopped (s into the pause) → ${profile.pauseSeconds} s later | rows fetched by the BFF | BFF lead over the client (rows fetched − rows received) | RSS (MB) |`,
    '| --- | --- | --- | --- | --- | --- |',
  );
  const leads: number[] = [];
  samples.forEach((sample, index) => {
    const rowsReceived = sample.received / bytesPerRow;
    const lead = sample.rowsAtEnd - rowsReceived;
    leads.push(lead);
    lines.push(
      `| ${index + 1} | ${sample.received.toLocaleString('en')} | ${sample.statementsAtPause} → ${sample.statementsSettled} (${sample.stoppedAfterMs === undefined ? 'never' : (sample.stoppedAfterMs / 1000).toFixed(1)}) → ${sample.statementsAtEnd} | ${sample.rowsAtEnd.toLocaleString('en')} | ${Math.round(lead).toLocaleString('en')} rows ≈ ${megabytes(lead * bytesPerRow)} MB | ${megabytes(sample.rssAtEnd)} |`,
    );
  });
  lines.push('');
  const unstopped = samples.filter((s) => s.stoppedAfterMs === undefined).length;
  const growing = samples.filter((s) => s.statementsAtEnd !== s.statementsSettled).length;
  check(
    unstopped === 0 && growing === 0,
    `the BFF stopped fetching in every pause (within ${(Math.max(...samples.map((s) => s.stoppedAfterMs ?? Infinity)) / 1000).toFixed(1)} s) and sent nothing more while the client stayed paused: ${unstopped + growing} of ${samples.length} pauses did not (target: none)`,
  );
  const firstLead = leads[0] ?? 0;
  const maxLead = Math.max(...leads);
  const lastRows = samples.at(-1)?.rowsAtEnd ?? 0;
  check(
    maxLead <= firstLead + 2 * batchRows,
    `the BFF's lead does not grow: ${Math.round(firstLead).toLocaleString('en')} rows at the first pause, at most ${Math.round(maxLead).toLocaleString('en')} later (target: within two batches of ${Math.round(batchRows)} rows, the export's rows per statement)`,
  );
  check(
    lastRows < context.dataset.items,
    `the BFF fetched ${lastRows.toLocaleString('en')} of ${context.dataset.items.toLocaleString('en')} rows for a client that had read ${Math.round((samples.at(-1)?.received ?? 0) / bytesPerRow).toLocaleString('en')}`,
  );
  const rssPeak = Math.max(...samples.map((s) => s.rssAtEnd));
  check(
    rssPeak - rssStart < RSS_GROWTH_LIMIT,
    `RSS while the client reads slowly: ${megabytes(rssStart)} MB at its start, at most ${megabytes(rssPeak)} MB`,
  );
  check(
    goneLater.count === goneAt.count,
    `after the client went away the BFF sent ${goneLater.count - goneAt.count} more statements (1 s → 3 s later; target: none)`,
  );
  return report;
}

/** Ms after `since` at which the BFF's statement count last changed, once it held QUIET_MS. */
async function stopped(api: BenchApi, since: number): Promise<number | undefined> {
  let count = (await api.queries()).count;
  let changedAt = performance.now();
  while (performance.now() - since < STOP_WITHIN_MS) {
    await sleep(100);
    const now = (await api.queries()).count;
    if (now !== count) {
      count = now;
      changedAt = performance.now();
    } else if (performance.now() - changedAt >= QUIET_MS) {
      return changedAt - since;
    }
  }
  return undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
