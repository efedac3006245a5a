import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config.js';

/** An answer as sent (its JSON) and the version of the partner's rollups it was built at. */
export interface KeptAnswer {
  version: string;
  json: string;
}

const MB = 1024 * 1024;

/**
 * The analytics answers kept to be sent again (docs/decisions.md, "A 2-year answer is served again
 * until its version moves"): by partner, range, granularity, time zone and currency, at most
 * `ANALYTICS_CACHE_MB` of JSON, the least recently used dropped first. An answer is only ever sent
 * again for the version of the rollups it was built at: the caller reads the version first (one row),
 * and a version that moved means the answer is built afresh.
 */
@Injectable()
export class AnalyticsAnswers {
  private readonly kept: LRUCache<string, KeptAnswer> | undefined;

  constructor(config: AppConfig) {
    const maxSize = config.analyticsCacheMb * MB;
    // A string's length in UTF-16 code units: its size in bytes for the ASCII of an answer, halved.
    this.kept =
      maxSize === 0
        ? undefined
        : new LRUCache({ maxSize, sizeCalculation: (answer) => Math.max(1, answer.json.length) });
  }

  get(key: string): KeptAnswer | undefined {
    return this.kept?.get(key);
  }

  keep(key: string, answer: KeptAnswer): void {
    this.kept?.set(key, answer);
  }
}
