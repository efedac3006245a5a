import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** The resident set of a process, in bytes (`VmRSS` of /proc/<pid>/status). */
export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export const megabytes = (bytes: number): string => (bytes / MB).toFixed(1);

/** Samples a process's RSS every `intervalMs` until stopped: the peak is what a target bounds. */
export class RssSampler {
  private readonly timer: NodeJS.Timeout;
  private readonly samples: number[] = [];

  constructor(
    private readonly pid: number,
    intervalMs = 50,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  sample(): number {
    const rss = readRss(this.pid);
    this.samples.push(rss);
    return rss;
  }

  get peak(): number {
    return Math.max(...this.samples);
  }

  get count(): number {
    return this.samples.length;
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}
