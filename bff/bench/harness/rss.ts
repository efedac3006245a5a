import { readdirSync, readFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** The resident set of a process, in bytes (`VmRSS` of /proc/<pid>/status). */
export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export const megabytes = (bytes: number): string => (bytes / MB).toFixed(1);

interface Sample {
  rss: number;
  /** How far the work was when sampled (e.g. rows received), from the caller's `progress`. */
  progress: number;
}

/** Samples a process's RSS every `intervalMs` until stopped: the peak is what a target bounds. */
export class RssSampler {
  private readonly timer: NodeJS.Timeout;
  private readonly samples: Sample[] = [];

  constructor(
    private readonly pid: number,
    private readonly progress: () => number = () => 0,
    intervalMs = 50,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  sample(): number {
    const rss = readRss(this.pid);
    this.samples.push({ rss, progress: this.progress() });
    return rss;
  }

  get peak(): number {
    return Math.max(...this.samples.map((sample) => sample.rss));
  }

  get count(): number {
    return this.samples.length;
  }

  /** The highest RSS of each tenth of the work (`total` the progress at its end). */
  byTenths(total: number): number[] {
    const tenths = Array.from({ length: 10 }, () => 0);
    for (const { rss, progress } of this.samples) {
      const tenth = Math.min(9, Math.floor((progress / Math.max(1, total)) * 10));
      tenths[tenth] = Math.max(tenths[tenth] ?? 0, rss);
    }
    return tenths;
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}

/** CPU time a process has used so far, in seconds (utime + stime of /proc/<pid>/stat). */
export function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** USER_HZ: the unit of /proc's CPU times on Linux. */
const CLOCK_TICKS = 100;

/**
 * The machine's CPU time so far, seconds summed over every CPU: `busy` (everything but idle and
 * iowait) and `total` (/proc/stat's first line).
 */
export function readMachineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** A backend's title: `postgres: [<cluster name>: ]<user> <database> <client host(port) or [local]> …`. */
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\]) /;

/**
 * CPU time so far of each PostgreSQL backend serving `database` (a process titled `postgres: <user>
 * <database> …`), seconds by process id: what a bench's statements cost the database server, beside
 * the BFF's own time (docs/performance.md). The server's shared processes (checkpointer, WAL writer)
 * are not counted.
 */
export function readDatabaseCpu(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (BACKEND_TITLE.exec(title)?.[1] !== database) continue;
      seconds.set(pid, readCpuSeconds(pid));
    } catch {
      // The process ended between the listing and the reading.
    }
  }
  return seconds;
}

/**
 * The database's CPU time between two readings of `readDatabaseCpu`: a backend started between them
 * counts whole; one that ended takes its time with it (a bench's pool keeps its connections).
 */
export function databaseCpuSince(
  start: ReadonlyMap<number, number>,
  end: ReadonlyMap<number, number>,
): number {
  let seconds = 0;
  for (const [pid, now] of end) seconds += now - (start.get(pid) ?? 0);
  return seconds;
}
