import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * `node dist/bench/bench/profile-areas.js [--from <s>] [--to <s>] <file.cpuprofile>...`: a V8 CPU
 * profile of the BFF (`node --cpu-prof`) summed by area, as docs/performance.md "Where a request's
 * time goes" reads it. Self: the sample's nearest frame that belongs to an area (a frame of Node's own
 * code counts for the area that called it, or for the framework when nothing did); total: every
 * sample with a frame of the area anywhere in its stack. Percent of the busy samples (idle left out).
 * `--from`/`--to`: only the samples in that window, seconds after the profile's start (the load's
 * measured seconds). `--top <n>`: also the n functions with the most self time. `--requests <n>`: the
 * requests answered in the window (autocannon's count), to print each area's self time per request in
 * µs (a sample's time is the interval before it), so that two servers' profiles of one page (the BFF's
 * and the bare handler's) compare area by area.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

export const AREAS = [
  'framework',
  'pg',
  'endpoint',
  'typeorm',
  'gc',
  'access',
  'logging',
  'validation',
  'serialization',
  'async-context',
  'v8',
] as const;
export type Area = (typeof AREAS)[number];

const PACKAGE_AREAS: Array<[RegExp, Area]> = [
  [
    /^(pino|pino-http|pino-std-serializers|fast-redact|@pinojs\/redact|sonic-boom|thread-stream|pino-pretty|on-exit-leak-free|quick-format-unescaped|atomic-sleep|fast-safe-stringify|safe-stable-stringify)$/,
    'logging',
  ],
  [
    /^(passport|passport-jwt|passport-strategy|@nestjs\/passport|jsonwebtoken|jws|jwa|buffer-equal-constant-time|ecdsa-sig-formatter|safe-buffer|lodash\..*|ms|semver)$/,
    'access',
  ],
  [/^(class-transformer|class-validator|validator|libphonenumber-js)$/, 'validation'],
  [
    /^(fast-json-stringify|fast-uri|ajv|ajv-formats|json-schema-ref-resolver|rfdc)$/,
    'serialization',
  ],
  [/^(typeorm|reflect-metadata|sql-highlight|app-root-path|dayjs|uuid|tslib)$/, 'typeorm'],
  [
    /^(pg|pg-pool|pg-protocol|pg-types|pg-connection-string|postgres-date|postgres-array|postgres-bytea|postgres-interval|pgpass|pg-int8|pg-cloudflare)$/,
    'pg',
  ],
];

/** The package a file belongs to (its last `node_modules/` segment), or undefined. */
function packageOf(url: string): string | undefined {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first = '', second = ''] = url.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The area of a frame; undefined for Node's own code (and anonymous frames), which inherit. */
export function areaOf({ functionName, url }: CallFrame): Area | undefined {
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(program)') return 'v8';
  // fast-json-stringify's compiled serializers (`new Function`, no file).
  if (url === '' && /^anonymous\d+$/.test(functionName)) return 'serialization';
  // AsyncLocalStorage's promise hooks (Node 20): every promise pays them once a store is entered.
  if (url === 'node:async_hooks' || url === 'node:internal/async_hooks') return 'async-context';
  if (url === '' || url.startsWith('node:')) return undefined;
  const name = packageOf(url);
  if (name !== undefined) {
    for (const [pattern, area] of PACKAGE_AREAS) if (pattern.test(name)) return area;
    return 'framework';
  }
  if (/\/src\/common\/logging\.|\/src\/common\/request-id\./.test(url)) return 'logging';
  if (/\/src\/auth\/(guards|strategies|tokens)\/|\/src\/partners\/guards\//.test(url))
    return 'access';
  if (/\/src\/common\/validation\./.test(url)) return 'validation';
  if (/\/src\/common\/serialized-by-schema\./.test(url)) return 'serialization';
  if (
    /\/src\/(app\.factory|web|common\/(content-types|unstorable-text|uploads|problem-details))/.test(
      url,
    )
  )
    return 'framework';
  return 'endpoint';
}

export interface Summary {
  samples: number;
  /** The busy samples' time, µs. */
  busyMicros: number;
  self: Map<Area, number>;
  /** Self time by area, µs. */
  selfMicros: Map<Area, number>;
  total: Map<Area, number>;
  functions: Map<string, number>;
}

export function summarize(profile: CpuProfile, from = 0, to = Infinity): Summary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const selfOf = new Map<number, Area>();
  const totalOf = new Map<number, Set<Area>>();
  const resolve = (id: number): void => {
    if (selfOf.has(id)) return;
    const chain: number[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.unshift(at);
    let areas = new Set<Area>();
    for (const at of chain) {
      if (totalOf.has(at)) {
        areas = totalOf.get(at) as Set<Area>;
        continue;
      }
      const area = areaOf((byId.get(at) as ProfileNode).callFrame);
      areas = area === undefined ? areas : new Set([...areas, area]);
      totalOf.set(at, areas);
    }
    // Self: the nearest frame with an area, from the sample's frame up.
    let self: Area = 'framework';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const area = areaOf((byId.get(at) as ProfileNode).callFrame);
      if (area !== undefined) {
        self = area;
        break;
      }
    }
    selfOf.set(id, self);
  };
  const summary: Summary = {
    samples: 0,
    busyMicros: 0,
    self: new Map(),
    selfMicros: new Map(),
    total: new Map(),
    functions: new Map(),
  };
  let time = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    const seconds = time / 1e6;
    if (seconds < from || seconds > to) return;
    const frame = (byId.get(id) as ProfileNode).callFrame;
    if (frame.functionName === '(idle)') return;
    resolve(id);
    summary.samples += 1;
    const self = selfOf.get(id) as Area;
    summary.self.set(self, (summary.self.get(self) ?? 0) + 1);
    summary.busyMicros += delta;
    summary.selfMicros.set(self, (summary.selfMicros.get(self) ?? 0) + delta);
    for (const area of totalOf.get(id) ?? [])
      summary.total.set(area, (summary.total.get(area) ?? 0) + 1);
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/node_modules\//, '')}:${frame.lineNumber + 1} [${self}]`;
    summary.functions.set(where, (summary.functions.get(where) ?? 0) + 1);
  });
  return summary;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string', default: '0' },
      to: { type: 'string', default: 'Infinity' },
      top: { type: 'string', default: '0' },
      requests: { type: 'string' },
    },
  });
  const requests = values.requests === undefined ? undefined : Number(values.requests);
  const perRequest = (micros: number) =>
    requests === undefined ? '' : ` ${Math.round(micros / requests)} |`;
  const percent = (count: number, of: number) => ((100 * count) / Math.max(1, of)).toFixed(1);
  for (const file of positionals) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const summary = summarize(profile, Number(values.from), Number(values.to));
    const header = requests === undefined ? '' : ' self µs/request |';
    process.stdout.write(
      `${file}: ${summary.samples} busy samples${perRequest(summary.busyMicros).replace(/ (\d+) \|/, ', $1 µs/request')}\n| area | self % | total % |${header}\n| --- | --- | --- |${requests === undefined ? '' : ' --- |'}\n`,
    );
    for (const area of AREAS) {
      const self = summary.self.get(area) ?? 0;
      const total = summary.total.get(area) ?? 0;
      process.stdout.write(
        `| ${area} | ${percent(self, summary.samples)} | ${percent(total, summary.samples)} |${perRequest(summary.selfMicros.get(area) ?? 0)}\n`,
      );
    }
    const top = [...summary.functions].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
    for (const [where, count] of top)
      process.stdout.write(`${percent(count, summary.samples).padStart(5)} % ${where}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
