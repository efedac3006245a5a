/**
 * The load test's mix (docs/performance.md, "Load test"): who the virtual users are, what each kind
 * does and how often. Every virtual user is one signed-in session (one demo account, its own cookies,
 * its own client address when the target trusts X-Forwarded-For) on one connection, one request in
 * flight, no think time: a step is drawn by weight, or is the follow-up the previous answer asked for
 * (a claim read for its ETag, then the transition with If-Match).
 */

export type Role = 'member' | 'manager' | 'staff';

export interface Account {
  email: string;
  role: Role;
  /** The partner a member or manager works for. */
  slug?: string;
}

/** The demo accounts (docs/product.md §6) by kind; virtual users take them in turn. */
export const ACCOUNTS: Record<Role, readonly Account[]> = {
  member: [
    { email: 'viewer@acme.example', role: 'member', slug: 'acme-outdoor' },
    { email: 'admin@acme.example', role: 'member', slug: 'acme-outdoor' },
    { email: 'admin@northwind.example', role: 'member', slug: 'northwind' },
    { email: 'admin@globex.example', role: 'member', slug: 'globex' },
    { email: 'multi@example.com', role: 'member', slug: 'northwind' },
  ],
  manager: [
    { email: 'manager@acme.example', role: 'manager', slug: 'acme-outdoor' },
    { email: 'admin@northwind.example', role: 'manager', slug: 'northwind' },
    { email: 'multi@example.com', role: 'manager', slug: 'acme-outdoor' },
    { email: 'admin@globex.example', role: 'manager', slug: 'globex' },
  ],
  staff: [
    { email: 'staff@portal.example', role: 'staff' },
    { email: 'reviewer@portal.example', role: 'staff' },
  ],
};

/** Of every 8 virtual users: 5 members reading, 2 managers, 1 staff (at 4: 2, 1, 1). */
export const ROLE_PATTERN: readonly Role[] = [
  'member',
  'manager',
  'staff',
  'member',
  'member',
  'manager',
  'member',
  'member',
];

/** The operations, in the table's order. */
export const OPERATIONS = {
  overview: 'GET overview',
  analytics: 'GET analytics',
  inventoryList: 'GET inventory list (filters)',
  facets: 'GET inventory facets',
  item: 'GET item',
  movements: 'GET item movements',
  claimsList: 'GET claims list (filters)',
  claim: 'GET claim',
  timeline: 'GET claim timeline',
  comment: 'POST comment',
  fileClaim: 'POST claim (draft)',
  submit: 'POST transition submit',
  respond: 'POST transition respond',
  queue: 'GET staff queue',
  summary: 'GET staff summary',
  partners: 'GET staff partners',
  staffClaim: 'GET claim (staff)',
  start_review: 'POST transition start_review',
  request_info: 'POST transition request_info',
  approve: 'POST transition approve',
  reject: 'POST transition reject',
  mark_paid: 'POST transition mark_paid',
  staffItem: 'GET item (staff)',
  recordMovement: 'POST movement',
} as const;

export type Operation = keyof typeof OPERATIONS;

/**
 * What a virtual user of each kind starts, by weight (per 100 steps it draws). A chain's first request
 * is drawn; its follow-ups (submit after filing, the transition after the claim's read, the movement
 * after the item's read) come next and are not drawn, so they add to the requests of the chain.
 */
export const WEIGHTS: Record<Role, ReadonlyArray<readonly [Chain, number]>> = {
  member: [
    ['overview', 12],
    ['analytics', 6],
    ['inventoryList', 20],
    ['facets', 4],
    ['item', 14],
    ['movements', 10],
    ['claimsList', 14],
    ['claim', 10],
    ['timeline', 10],
  ],
  manager: [
    ['overview', 8],
    ['inventoryList', 10],
    ['item', 8],
    ['claimsList', 14],
    ['claim', 12],
    ['timeline', 10],
    ['comment', 14],
    ['fileClaim', 12],
    ['respond', 12],
  ],
  staff: [
    ['queue', 25],
    ['summary', 10],
    ['partners', 10],
    ['review', 35],
    ['recordMovement', 20],
  ],
};

/**
 * What a virtual user draws: one request, or a chain named after its write (`review`: a claim of the
 * queue's last page read, then the staff transition it allows).
 */
export type Chain =
  Exclude<Operation, 'submit' | 'staffClaim' | 'staffItem' | StaffAction> | 'review';

/** The staff transitions, each its own row of the table. */
export type StaffAction = 'start_review' | 'request_info' | 'approve' | 'reject' | 'mark_paid';

/** One request of a virtual user, and what to do with its answer. */
export interface Step {
  op: Operation;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  ifMatch?: string;
  then?: (status: number, body: string, headers: Record<string, unknown>) => Step | undefined;
}

/** What every virtual user knows of the data: ids from list pages, read before the run and as it goes. */
export interface World {
  items: Map<string, string[]>;
  claims: Map<string, string[]>;
  categories: Map<string, string[]>;
  slugs: string[];
}

/** A small deterministic generator (mulberry32), one per virtual user: runs are repeatable. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const json = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};

const etagOf = (headers: Record<string, unknown>): string | undefined => {
  const value = headers.etag ?? headers.ETag;
  return typeof value === 'string' ? value : undefined;
};

interface ClaimAnswer {
  id: string;
  status: string;
  allowedActions?: string[];
  amountClaimed?: { amount: number };
  pendingApproval?: { amountApproved: { amount: number } } | null;
}

/** The second-approval threshold's default (1,000.00; every demo currency has 2 minor digits). */
const SINGLE_APPROVAL_LIMIT = 100_000;

/** The day before today (UTC): inside every demo partner's filing window, never in its future. */
const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** One signed-in virtual user: draws its steps and follows its answers. */
export class VirtualUser {
  private readonly pending: Step[] = [];
  current: Step | undefined;
  /** The staff queue's last page: the claims a staff user picks from. */
  private queue: Array<{ id: string; slug: string }> = [];
  private readonly total: number;

  constructor(
    readonly account: Account,
    private readonly world: World,
    private readonly rng: () => number,
  ) {
    this.total = WEIGHTS[account.role].reduce((sum, [, weight]) => sum + weight, 0);
  }

  /** The next request: a follow-up the last answer asked for, or a fresh draw. */
  next(): Step {
    this.current = this.pending.shift() ?? this.draw();
    return this.current;
  }

  /** The answer to `current`: its follow-up, if any, is the next step. */
  answered(status: number, body: string, headers: Record<string, unknown>): void {
    const follow = this.current?.then?.(status, body, headers);
    if (follow !== undefined) this.pending.push(follow);
  }

  private pick<T>(values: readonly T[]): T | undefined {
    return values.length === 0 ? undefined : values[Math.floor(this.rng() * values.length)];
  }

  private slug(): string {
    return this.account.slug ?? this.pick(this.world.slugs) ?? 'acme-outdoor';
  }

  private draw(): Step {
    let left = this.rng() * this.total;
    for (const [chain, weight] of WEIGHTS[this.account.role]) {
      left -= weight;
      if (left < 0) return this.start(chain);
    }
    return this.start(WEIGHTS[this.account.role][0]?.[0] ?? 'overview');
  }

  private start(chain: Chain): Step {
    const slug = this.slug();
    const base = `/api/partners/${slug}`;
    const item = () => this.pick(this.world.items.get(slug) ?? []);
    const claim = () => this.pick(this.world.claims.get(slug) ?? []);
    switch (chain) {
      case 'overview':
        return { op: chain, method: 'GET', path: `${base}/overview` };
      case 'analytics': {
        const to = new Date().toISOString().slice(0, 10);
        const days = this.pick([30, 90, 365]) ?? 90;
        const from = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
        const granularity = days === 30 ? 'day' : days === 90 ? 'week' : 'month';
        return {
          op: chain,
          method: 'GET',
          path: `${base}/analytics?from=${from}&to=${to}&granularity=${granularity}`,
        };
      }
      case 'inventoryList': {
        const category = this.pick(this.world.categories.get(slug) ?? []);
        const filters = [
          '',
          '?stock=low',
          '?stock=out&sort=-updatedAt',
          '?sort=-value',
          '?status=active&sort=name',
          category === undefined ? '?sort=-onHand' : `?category=${encodeURIComponent(category)}`,
          '?q=a&limit=50',
        ];
        return {
          op: chain,
          method: 'GET',
          path: `${base}/inventory${this.pick(filters) ?? ''}`,
          then: (status, body) => {
            if (status !== 200 || this.rng() > 0.2) return undefined;
            const page = json(body) as { items?: Array<{ id: string }> } | undefined;
            const ids = page?.items?.map((row) => row.id) ?? [];
            if (ids.length > 0) this.remember(this.world.items, slug, ids);
            return undefined;
          },
        };
      }
      case 'facets':
        return { op: chain, method: 'GET', path: `${base}/inventory/facets` };
      case 'item':
        return { op: chain, method: 'GET', path: `${base}/inventory/${item()}` };
      case 'movements':
        return { op: chain, method: 'GET', path: `${base}/inventory/${item()}/movements` };
      case 'claimsList': {
        const filters = [
          '',
          '?status=submitted',
          '?status=in_review',
          '?type=damaged',
          '?sort=-amountClaimed',
          '?sort=incidentDate',
          `?from=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`,
        ];
        return {
          op: chain,
          method: 'GET',
          path: `${base}/claims${this.pick(filters) ?? ''}`,
        };
      }
      case 'claim':
        return { op: chain, method: 'GET', path: `${base}/claims/${claim()}` };
      case 'timeline':
        return { op: chain, method: 'GET', path: `${base}/claims/${claim()}/events` };
      case 'comment':
        return {
          op: chain,
          method: 'POST',
          path: `${base}/claims/${claim()}/events`,
          body: { body: 'Load test: any news on this one? The carrier confirmed the loss.' },
        };
      case 'fileClaim':
        return {
          op: chain,
          method: 'POST',
          path: `${base}/claims`,
          body: {
            type: 'other',
            itemId: item(),
            quantity: 1 + Math.floor(this.rng() * 3),
            incidentDate: yesterday(),
            description: 'Load test: the carton arrived crushed, the customer sent it back.',
            reference: `LOAD-${Math.floor(this.rng() * 1e6)}`,
          },
          then: (status, body, headers) => {
            const etag = etagOf(headers);
            const filed = json(body) as ClaimAnswer | undefined;
            if (status !== 201 || filed === undefined || etag === undefined) return undefined;
            this.remember(this.world.claims, slug, [filed.id]);
            return {
              op: 'submit',
              method: 'POST',
              path: `${base}/claims/${filed.id}/transitions`,
              body: { action: 'submit' },
              ifMatch: etag,
            };
          },
        };
      case 'respond':
        // The claims waiting for the partner's answer, one of them read for its ETag, answered.
        return {
          op: 'claimsList',
          method: 'GET',
          path: `${base}/claims?status=info_requested`,
          then: (status, body) => {
            const page = json(body) as { items?: Array<{ id: string }> } | undefined;
            const id = status === 200 ? this.pick(page?.items ?? [])?.id : undefined;
            if (id === undefined) return undefined;
            return this.readThen('claim', `${base}/claims/${id}`, (claim, etag) =>
              claim.allowedActions?.includes('respond') === true
                ? {
                    op: 'respond',
                    method: 'POST',
                    path: `${base}/claims/${id}/transitions`,
                    body: {
                      action: 'respond',
                      message: 'Load test: the delivery note is attached.',
                    },
                    ifMatch: etag,
                  }
                : undefined,
            );
          },
        };
      case 'queue':
        return this.queueStep();
      case 'summary':
        return { op: chain, method: 'GET', path: '/api/staff/summary' };
      case 'partners':
        return { op: chain, method: 'GET', path: '/api/staff/partners' };
      case 'review': {
        const picked = this.pick(this.queue);
        if (picked === undefined) return this.queueStep();
        const path = `/api/partners/${picked.slug}/claims/${picked.id}`;
        return this.readThen('staffClaim', path, (claim, etag) => {
          const body = this.review(claim);
          if (body === undefined) {
            this.queue = this.queue.filter((entry) => entry.id !== claim.id);
            return undefined;
          }
          return {
            op: body.action,
            method: 'POST',
            path: `${path}/transitions`,
            body,
            ifMatch: etag,
          };
        });
      }
      case 'recordMovement': {
        const path = `${base}/inventory/${item()}`;
        return {
          op: 'staffItem',
          method: 'GET',
          path,
          then: (status, body) => {
            const read = json(body) as { onHand?: number } | undefined;
            if (status !== 200 || read === undefined) return undefined;
            const ship = (read.onHand ?? 0) >= 3 && this.rng() < 0.4;
            const quantity = ship
              ? -1 - Math.floor(this.rng() * 2)
              : 1 + Math.floor(this.rng() * 10);
            return {
              op: 'recordMovement',
              method: 'POST',
              path: `${path}/movements`,
              body: {
                kind: ship ? 'shipment' : 'receipt',
                quantity,
                reference: `LOAD-${Math.floor(this.rng() * 1e6)}`,
              },
            };
          },
        };
      }
    }
  }

  /** The staff queue, with a filter of the screen now and then; its page is what staff pick from. */
  private queueStep(): Step {
    const slug = this.pick(this.world.slugs) ?? 'acme-outdoor';
    const filters = [
      '',
      '',
      '?sort=-waitingSince',
      '?status=submitted',
      `?partner=${slug}`,
      '?assignee=none',
      '?overdue=true',
    ];
    return {
      op: 'queue',
      method: 'GET',
      path: `/api/staff/claims${this.pick(filters) ?? ''}`,
      then: (status, body) => {
        if (status !== 200) return undefined;
        const page = json(body) as
          { items?: Array<{ id: string; partner: { slug: string } }> } | undefined;
        const rows = page?.items?.map((row) => ({ id: row.id, slug: row.partner.slug })) ?? [];
        if (rows.length > 0) this.queue = rows;
        return undefined;
      },
    };
  }

  /** A staff action the claim allows now, with what it needs; undefined when none is the caller's. */
  private review(
    claim: ClaimAnswer,
  ): ({ action: StaffAction } & Record<string, unknown>) | undefined {
    const allowed = claim.allowedActions ?? [];
    if (allowed.includes('start_review')) return { action: 'start_review' };
    const roll = this.rng();
    if (allowed.includes('request_info') && roll < 0.5) {
      return { action: 'request_info', message: 'Load test: please send the delivery note.' };
    }
    if (allowed.includes('approve') && roll < 0.85) {
      const claimed = claim.amountClaimed?.amount ?? 1;
      const pending = claim.pendingApproval?.amountApproved.amount;
      const amount = pending ?? Math.max(1, Math.min(claimed, SINGLE_APPROVAL_LIMIT));
      return { action: 'approve', amountApproved: amount };
    }
    if (allowed.includes('reject')) {
      return { action: 'reject', message: 'Load test: not covered by the agreement.' };
    }
    if (allowed.includes('mark_paid')) {
      return { action: 'mark_paid', payoutReference: `PAY-${Math.floor(this.rng() * 1e6)}` };
    }
    return undefined;
  }

  /** GET a claim, then the write `next` makes of it and its ETag. */
  private readThen(
    op: Operation,
    path: string,
    next: (claim: ClaimAnswer, etag: string) => Step | undefined,
  ): Step {
    return {
      op,
      method: 'GET',
      path,
      then: (status, body, headers) => {
        const etag = etagOf(headers);
        const claim = json(body) as ClaimAnswer | undefined;
        if (status !== 200 || claim === undefined || etag === undefined) return undefined;
        return next(claim, etag);
      },
    };
  }

  /** Adds ids a page showed to what everyone picks from (the newest kept, up to 500 a partner). */
  private remember(map: Map<string, string[]>, slug: string, ids: readonly string[]): void {
    const known = map.get(slug) ?? [];
    const next = [...new Set([...ids, ...known])].slice(0, 500);
    map.set(slug, next);
  }
}
