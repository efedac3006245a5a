/** How big the data set is and how long each case runs: the real run, or the smoke run. */
export interface Profile {
  name: 'full' | 'smoke';
  /** Items of the big partner, and of each of the partners beside it. */
  bigItems: number;
  otherPartners: number;
  otherItems: number;
  movementsPerItem: number;
  /** Claims of the big partner, and of each of the partners beside it (bench:claims). */
  bigClaims: number;
  otherClaims: number;
  deepRows: number;
  rounds: number;
  seconds: number;
  warmUpSeconds: number;
  connections: number;
  /** Slow reader: how many pauses, and how long each is watched once the BFF has stopped. */
  pauses: number;
  pauseSeconds: number;
  /** Missed targets fail the run (the smoke run only reports them). */
  enforceTargets: boolean;
  explain: boolean;
  /** How many times bench:dashboards runs each raw reference it times against its endpoint. */
  referenceRuns: number;
  searchTerm?: string;
}

/** The loaded data set: the big partner and a member of it to sign the bench's token for. */
export interface Dataset {
  slug: string;
  partnerId: string;
  items: number;
  userEmail: string;
  /** The big partner's claims (0 until bench:claims has loaded them). */
  claims: number;
}

export interface BenchContext {
  /** The bench database (BENCH_DATABASE_URL). */
  url: string;
  profile: Profile;
  dataset: Dataset;
}

/** What a part of the bench prints, and the targets it missed. */
export interface Report {
  lines: string[];
  failures: string[];
}

/**
 * Records a check in `report`: `ok`, `FAILED` (the run exits 1), or, when not `enforced` (the smoke
 * run's targets), `missed` without failing the run.
 */
export function checker(report: Report, enforced = true): (ok: boolean, text: string) => void {
  return (ok, text) => {
    const verdict = ok ? 'ok' : enforced ? 'FAILED' : 'missed (not enforced in a smoke run)';
    report.lines.push(`${verdict}: ${text}`);
    if (!ok && enforced) report.failures.push(text);
  };
}
