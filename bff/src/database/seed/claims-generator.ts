import { createHash } from 'node:crypto';
import {
  type ClaimAction,
  type ClaimStatus,
  type ClaimType,
  transitionOf,
} from '#src/claims/claim-lifecycle.js';
import type { ClaimEventKind } from '#src/claims/claim-event.entity.js';
import {
  damagePhoto,
  type EvidenceFile,
  incidentReportPdf,
  packingListPdf,
} from './demo-evidence.js';
import { partnerToday } from '#src/common/partner-day.js';
import { copyValue, GrowingBytes, hashSeed, isoSecond, Random } from './inventory-generator.js';

/**
 * The one generator of claims: the demo claims of the embedded default and the claims `gen:data` adds
 * at scale both come from it. Claims are filed for the partner's losses, damages and (short) receipts,
 * and a few for something else (`other`); each goes through the lifecycle table
 * (`claim-lifecycle.ts`) from its filing up to the load's instant, so how far a claim got depends on
 * its age: old ones are paid, rejected or withdrawn, recent ones are drafts, submitted or in review.
 * Every claim has its timeline (created, edits, evidence, transitions with their messages, comments by
 * the right people), version = 1 + edits + transitions, and numbers 1..n in the order of filing.
 *
 * Deterministic: the same seed, partner key, candidates and `now` give the same claims, ids included;
 * every claim is planned from its own random stream (seed, partner key, its movement), and all times
 * are offsets from `now`, so the statuses and numbers do not depend on when the load runs.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type ClaimableKind = 'loss' | 'damage' | 'receipt';

/** The filing rules (docs/product.md §4): the claim type a movement kind is claimed as. */
export const CLAIM_TYPE_OF_KIND: Readonly<Record<ClaimableKind, ClaimType>> = {
  loss: 'lost',
  damage: 'damaged',
  receipt: 'shortage',
};

/** A loss, damage or receipt that a claim may be filed for. */
export interface ClaimCandidate {
  movementId: string;
  itemId: string;
  kind: ClaimableKind;
  /** Units the movement moved (positive). */
  units: number;
  /** Epoch milliseconds. */
  occurredAt: number;
  reference: string | null;
  note: string | null;
  /** The item's unit value, minor units. */
  unitValue: number;
}

export interface ClaimItemChoice {
  id: string;
  unitValue: number;
}

export interface ClaimsGeneratorOptions {
  seed: string;
  /** Stable name of the partner (its slug). */
  partnerKey: string;
  now: Date;
  /** The partner's IANA time zone: incident dates are its days. */
  timeZone: string;
  currency: string;
  /** User ids of the partner's managers and admins: they file, answer and comment. */
  editors: readonly string[];
  /** User ids of staff: they review and comment. */
  reviewers: readonly string[];
  /** Write evidence files (the demo); without, the attachments and their events are left out. */
  evidence: boolean;
}

/** A claim the docs and the tests name (docs/product.md §6, "Named demo claims"). */
export interface NamedClaim {
  /** Stable name, e.g. `acme-draft-damaged-no-photo`. */
  key: string;
  status: ClaimStatus;
  type: ClaimType;
  item: ClaimItemChoice | null;
  /** Who filed it. */
  creator: string;
  /** Filed this many days before the load. */
  daysAgo: number;
  /** The incident this many days before the filing. */
  incidentDaysBefore: number;
  quantity: number;
  description: string;
  reference: string | null;
  /** Attach the evidence its type needs (a damaged draft without its photo says what is missing). */
  evidence: boolean;
  /** An approval below the claimed amount. */
  partial?: boolean;
  /** The message of its last info request, when it is info_requested. */
  infoRequest?: string;
  /** A claim without an item: its unit value, minor units. */
  unitValue?: number;
  /** The movement it is filed from (a lost, damaged or shortage claim): its day is the incident's. */
  movement?: ClaimCandidate;
}

/** What a claim is filed for. */
export type ClaimSource =
  | { kind: 'movement'; candidate: ClaimCandidate }
  | { kind: 'other'; ordinal: number; item: ClaimItemChoice | null }
  | { kind: 'named'; named: NamedClaim };

export interface ClaimRow {
  id: string;
  number: number;
  type: ClaimType;
  status: ClaimStatus;
  itemId: string | null;
  movementId: string | null;
  quantity: number;
  unitValue: number;
  amountClaimed: number;
  amountApproved: number | null;
  currency: string;
  /** YYYY-MM-DD, the partner's day. */
  incidentDate: string;
  description: string;
  reference: string | null;
  createdBy: string;
  submittedAt: number | null;
  decidedAt: number | null;
  decisionReason: string | null;
  payoutReference: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface ClaimEventRow {
  id: string;
  claimId: string;
  actor: string;
  kind: ClaimEventKind;
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus | null;
  body: string | null;
  at: number;
}

export interface ClaimAttachmentRow {
  id: string;
  claimId: string;
  /** The evidence store's key of the bytes: the id of their `claim_evidence_blobs` row. */
  blobId: string;
  filename: string;
  contentType: EvidenceFile['contentType'];
  size: number;
  sha256: string;
  uploadedBy: string;
  createdAt: number;
  bytes: Buffer;
}

/** Where generated rows go, one at a time. */
export interface ClaimSink {
  claim(row: ClaimRow): void;
  event(row: ClaimEventRow): void;
  attachment(row: ClaimAttachmentRow): void;
}

/** Share of the claims filed for a movement; the rest are `other` claims. */
const MOVEMENT_SHARE = 0.92;
/** How likely a movement of each kind is claimed, relative to the others. */
const KIND_WEIGHT: Readonly<Record<ClaimableKind, number>> = { loss: 3, damage: 3, receipt: 0.25 };
/** Movements of the last days are claimed a little more often (their claims are still open). */
const RECENT_DAYS = 30;
const RECENT_WEIGHT = 2;

const classKey = (kind: ClaimableKind, recent: boolean) => `${kind}/${recent ? 'recent' : 'older'}`;

/** The class a candidate is sampled in: its kind, and whether it is recent. */
export function candidateClass(candidate: ClaimCandidate, now: Date): string {
  return classKey(candidate.kind, candidate.occurredAt > recentSince(now));
}

/** The instant after which a movement counts as recent (`occurred_at > this`). */
export function recentSince(now: Date): number {
  return now.getTime() - RECENT_DAYS * DAY_MS;
}

/** How many claims of `count` are filed for movements, given how many candidates there are. */
export function movementClaimCount(count: number, candidates: number): number {
  return Math.min(candidates, Math.round(count * MOVEMENT_SHARE));
}

/**
 * Exactly `wanted` of the candidates, each class's share in proportion to its weight (capped at all of
 * the class), rounded so the shares add up to `wanted`.
 */
export function classTargets(
  counts: ReadonlyMap<string, number>,
  wanted: number,
): Map<string, number> {
  const weightOf = (key: string) => {
    const [kind, age] = key.split('/') as [ClaimableKind, string];
    return KIND_WEIGHT[kind] * (age === 'recent' ? RECENT_WEIGHT : 1);
  };
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (wanted >= total) return new Map(counts);
  const expected = (lambda: number) =>
    [...counts].reduce((sum, [key, n]) => sum + Math.min(1, weightOf(key) * lambda) * n, 0);
  let low = 0;
  let high = 1;
  while (expected(high) < wanted) high *= 2;
  for (let i = 0; i < 60; i += 1) {
    const middle = (low + high) / 2;
    if (expected(middle) < wanted) low = middle;
    else high = middle;
  }
  const shares = [...counts].map(([key, n]) => {
    const exact = Math.min(1, weightOf(key) * high) * n;
    return { key, n, take: Math.min(n, Math.floor(exact)), fraction: exact - Math.floor(exact) };
  });
  let missing = wanted - shares.reduce((sum, share) => sum + share.take, 0);
  for (const share of [...shares].sort(
    (a, b) => b.fraction - a.fraction || (a.key < b.key ? -1 : 1),
  )) {
    if (missing <= 0) break;
    if (share.take < share.n) {
      share.take += 1;
      missing -= 1;
    }
  }
  return new Map(shares.map((share) => [share.key, share.take]));
}

/**
 * Picks exactly each class's target from candidates offered one at a time, in a fixed order
 * (selection sampling, Knuth's algorithm S, per class): what a load in one pass over the movements
 * needs, in memory only for what it keeps.
 */
export class CandidateSelector {
  readonly chosen: ClaimCandidate[] = [];
  private readonly remaining: Map<string, number>;
  private readonly needed: Map<string, number>;
  private readonly random: Random;

  constructor(
    private readonly options: ClaimsGeneratorOptions,
    counts: ReadonlyMap<string, number>,
    wanted: number,
  ) {
    this.remaining = new Map(counts);
    this.needed = classTargets(counts, wanted);
    this.random = new Random(hashSeed(`${options.seed}/${options.partnerKey}/claims/select`));
  }

  offer(candidate: ClaimCandidate): void {
    const key = candidateClass(candidate, this.options.now);
    const remaining = this.remaining.get(key) ?? 0;
    const needed = this.needed.get(key) ?? 0;
    if (remaining <= 0) throw new Error(`claims generator: more ${key} candidates than counted`);
    this.remaining.set(key, remaining - 1);
    if (needed > 0 && this.random.float() * remaining < needed) {
      this.needed.set(key, needed - 1);
      this.chosen.push(candidate);
    }
  }
}

function sourceKey(source: ClaimSource): string {
  switch (source.kind) {
    case 'movement':
      return source.candidate.movementId;
    case 'other':
      return `other/${source.ordinal}`;
    case 'named':
      return `named/${source.named.key}`;
  }
}

const streamOf = (options: ClaimsGeneratorOptions, purpose: string, source: ClaimSource) =>
  new Random(hashSeed(`${options.seed}/${options.partnerKey}/${purpose}/${sourceKey(source)}`));

const wholeSecond = (ms: number) => ms - (ms % 1_000);

/** When the claim was filed: soon after what it is for, never after the load. */
export function filedAt(options: ClaimsGeneratorOptions, source: ClaimSource): number {
  const now = wholeSecond(options.now.getTime());
  const random = streamOf(options, 'filed', source);
  switch (source.kind) {
    case 'movement': {
      const roll = random.float();
      const delay =
        roll < 0.6
          ? random.int(HOUR_MS, 3 * DAY_MS)
          : roll < 0.9
            ? random.int(3 * DAY_MS, 10 * DAY_MS)
            : random.int(10 * DAY_MS, 30 * DAY_MS);
      const { occurredAt } = source.candidate;
      return wholeSecond(Math.max(occurredAt, Math.min(occurredAt + delay, now - 5 * MINUTE_MS)));
    }
    case 'other':
      return wholeSecond(now - random.int(HOUR_MS, 540 * DAY_MS));
    case 'named':
      return wholeSecond(now - source.named.daysAgo * DAY_MS - random.int(0, 6 * HOUR_MS));
  }
}

/** The sources in the order they were filed (ties by key): claim number i + 1 is the i-th. */
export function inFilingOrder(
  options: ClaimsGeneratorOptions,
  sources: readonly ClaimSource[],
): ClaimSource[] {
  const keyed = sources.map((source) => ({
    source,
    at: filedAt(options, source),
    key: sourceKey(source),
  }));
  keyed.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((entry) => entry.source);
}

/** `YYYY-MM-DD` of an instant in a time zone (the partner's day, `partnerToday`). */
export function localDate(ms: number, timeZone: string): string {
  return partnerToday(new Date(ms), timeZone);
}

/** Where a claim is heading; how far it gets depends on the time left before the load. */
type Outcome = 'draft' | 'paid' | 'rejected' | 'withdrawn_submitted' | 'withdrawn_info';

interface Step {
  kind: Exclude<ClaimEventKind, 'created'>;
  action?: ClaimAction;
  at: number;
  actor: string;
  body: string | null;
  file?: EvidenceFile;
  amountApproved?: number;
  payoutReference?: string;
}

const INFO_REQUESTS = [
  'Please add a photo that shows the damage and the carton label.',
  'Could you send the supplier’s packing list for this receipt?',
  'Which order was this stock reserved for? Please add the reference.',
  'The quantity differs from our count at the inbound dock. Can you confirm it?',
  'Please confirm the unit value: the item’s price changed last month.',
];
const RESPONSES = [
  'Photo added, the label is readable on the second one.',
  'Packing list attached: the supplier confirms the shortfall.',
  'The order reference is in the description now.',
  'Confirmed with our team: the quantity stands as filed.',
  'The unit value is the one on our price list at the time of the incident.',
];
const REJECTIONS = [
  'The units were found at the recount and put back into stock.',
  'The incident is outside what our handling covers (supplier packaging).',
  'The receipt matches the advance shipping notice; no shortage on our side.',
  'The same units were already reimbursed under an earlier claim.',
];
const PARTIAL_APPROVALS = [
  'Approved in part: some of the units were found at the recount.',
  'Approved at the unit value of our records.',
  'Approved in part: the remaining units are covered by the carrier.',
];
const COMMENTS_BY_STAFF = [
  'Looking into it with the warehouse team.',
  'The warehouse confirms the incident; waiting for the count.',
  'Thanks, we have everything we need.',
];
const COMMENTS_BY_PARTNER = [
  'Any news on this one?',
  'Our customer is asking about the replacement, thanks for checking.',
  'Added the order reference to the description.',
];
const EDITED_FIELDS = ['description', 'reference', 'quantity', 'description, reference'];
const OTHER_DESCRIPTIONS = [
  'Storage charged for a pallet that the warehouse never received.',
  'Labels were applied to the wrong SKU; the relabelling was charged to us.',
  'A carrier surcharge for a delivery the warehouse refused.',
  'Returned goods were restocked as damaged although they were unopened.',
];
const LOSS_NOTES = ['Not found at the cycle count', 'Missing from an outbound pallet'];
const DAMAGE_NOTES = ['Crushed carton found at put-away', 'Water damage in the racking aisle'];

function unitsText(quantity: number): string {
  return `${quantity} unit${quantity === 1 ? '' : 's'}`;
}

function describe(
  type: ClaimType,
  quantity: number,
  note: string | null,
  reference: string | null,
  random: Random,
): string {
  const ref = reference === null ? '' : ` Reference ${reference}.`;
  switch (type) {
    case 'lost':
      return `${unitsText(quantity)} lost in the warehouse: ${(note ?? random.pick(LOSS_NOTES)).toLowerCase()}.${ref}`;
    case 'damaged':
      return `${unitsText(quantity)} damaged and no longer sellable: ${(note ?? random.pick(DAMAGE_NOTES)).toLowerCase()}.${ref}`;
    case 'shortage':
      return `The receipt${reference === null ? '' : ` ${reference}`} arrived ${unitsText(quantity)} short of the supplier’s packing list.`;
    case 'other':
      return random.pick(OTHER_DESCRIPTIONS);
  }
}

function payoutReference(at: number, random: Random): string {
  const date = new Date(at).toISOString();
  return `PAY-${date.slice(2, 4)}${date.slice(5, 7)}-${String(random.int(1, 99_999)).padStart(5, '0')}`;
}

interface Draft {
  type: ClaimType;
  itemId: string | null;
  movementId: string | null;
  quantity: number;
  unitValue: number;
  incidentAt: number;
  description: string;
  reference: string | null;
  creator: string;
  createdAt: number;
}

function draftOf(options: ClaimsGeneratorOptions, source: ClaimSource, random: Random): Draft {
  const createdAt = filedAt(options, source);
  switch (source.kind) {
    case 'movement': {
      const { candidate } = source;
      const type = CLAIM_TYPE_OF_KIND[candidate.kind];
      // A loss or damage is claimed whole most of the time; a shortage is a few units of a receipt.
      const quantity =
        type === 'shortage'
          ? random.int(1, Math.max(1, Math.min(candidate.units, Math.ceil(candidate.units / 10))))
          : random.chance(0.8)
            ? candidate.units
            : random.int(1, candidate.units);
      return {
        type,
        itemId: candidate.itemId,
        movementId: candidate.movementId,
        quantity,
        unitValue: candidate.unitValue,
        incidentAt: candidate.occurredAt,
        description: describe(type, quantity, candidate.note, candidate.reference, random),
        reference: candidate.reference,
        creator: random.pick(options.editors),
        createdAt,
      };
    }
    case 'other': {
      const quantity = random.int(1, 3);
      return {
        type: 'other',
        itemId: source.item?.id ?? null,
        movementId: null,
        quantity,
        unitValue: source.item?.unitValue ?? Math.round(random.int(500, 20_000) / 10) * 10,
        incidentAt: createdAt - random.int(0, 10 * DAY_MS),
        description: describe('other', quantity, null, null, random),
        reference: random.chance(0.5)
          ? `SO-${random.int(10, 99)}-${String(random.int(1, 999_999)).padStart(6, '0')}`
          : null,
        creator: random.pick(options.editors),
        createdAt,
      };
    }
    case 'named': {
      const { named } = source;
      return {
        type: named.type,
        itemId: named.item?.id ?? null,
        movementId: named.movement?.movementId ?? null,
        quantity: named.quantity,
        unitValue: named.item?.unitValue ?? named.unitValue ?? 0,
        incidentAt: named.movement?.occurredAt ?? createdAt - named.incidentDaysBefore * DAY_MS,
        description: named.description,
        reference: named.reference,
        creator: named.creator,
        createdAt,
      };
    }
  }
}

/** The evidence a claim of `type` is filed with (docs/product.md §4), or none. */
function evidenceFor(draft: Draft, random: Random, variant: number): EvidenceFile | undefined {
  switch (draft.type) {
    case 'damaged':
      return damagePhoto(variant);
    case 'shortage':
      return packingListPdf(
        draft.reference ?? 'receipt',
        draft.quantity * 10 + random.int(0, 40),
        draft.quantity * 9,
      );
    case 'lost':
      return random.chance(0.15)
        ? incidentReportPdf('Incident report', draft.description.slice(0, 80))
        : undefined;
    case 'other':
      return undefined;
  }
}

function outcomeOf(draft: Draft, random: Random, now: number): Outcome {
  const roll = random.float();
  if (roll < 0.04 && draft.createdAt > now - 30 * DAY_MS) return 'draft';
  if (roll < 0.1) return 'withdrawn_submitted';
  if (roll < 0.16) return 'withdrawn_info';
  if (roll < 0.34) return 'rejected';
  return 'paid';
}

/** The target status of a named claim, as the outcome whose path passes it. */
const NAMED_OUTCOME: Readonly<Record<ClaimStatus, Outcome>> = {
  draft: 'draft',
  submitted: 'withdrawn_submitted',
  in_review: 'paid',
  info_requested: 'withdrawn_info',
  approved: 'paid',
  paid: 'paid',
  rejected: 'rejected',
  withdrawn: 'withdrawn_submitted',
};

/**
 * The claim's steps after its creation, each `after` the previous one: evidence and edits while a
 * draft, then the lifecycle's actions by the people the table names, toward `outcome`.
 */
function stepsOf(
  options: ClaimsGeneratorOptions,
  draft: Draft,
  outcome: Outcome,
  random: Random,
  named: NamedClaim | undefined,
): Step[] {
  const steps: Step[] = [];
  let at = draft.createdAt;
  const after = (low: number, high: number) => {
    at = wholeSecond(at + random.int(low, high));
    return at;
  };
  const editor = () => random.pick(options.editors);
  const reviewer = random.pick(options.reviewers);
  const transition = (
    action: ClaimAction,
    actor: string,
    body: string | null,
    extra: Partial<Step> = {},
  ) => steps.push({ kind: 'transition', action, at, actor, body, ...extra });

  const withEvidence =
    named === undefined
      ? draft.type !== 'damaged' || outcome !== 'draft' || random.chance(0.5)
      : named.evidence;
  const file = withEvidence ? evidenceFor(draft, random, random.int(0, 9_999)) : undefined;
  if (file !== undefined) {
    steps.push({
      kind: 'attachment',
      at: after(2 * MINUTE_MS, 30 * MINUTE_MS),
      actor: draft.creator,
      body: file.filename,
      file,
    });
  }
  if (named === undefined && random.chance(0.2)) {
    steps.push({
      kind: 'edit',
      at: after(5 * MINUTE_MS, DAY_MS),
      actor: draft.creator,
      body: random.pick(EDITED_FIELDS),
    });
  }
  if (outcome === 'draft') return steps;

  // Most are submitted within hours; some drafts wait for days.
  if (random.chance(0.9)) after(10 * MINUTE_MS, 2 * DAY_MS);
  else after(3 * DAY_MS, 12 * DAY_MS);
  transition('submit', draft.creator, null);
  if (outcome === 'withdrawn_submitted') {
    after(HOUR_MS, 3 * DAY_MS);
    transition('withdraw', editor(), null);
    return steps;
  }
  // Review takes days to weeks: a partner always has some claims open.
  after(4 * HOUR_MS, 8 * DAY_MS);
  transition('start_review', reviewer, null);
  const messageIndex = random.int(0, INFO_REQUESTS.length - 1);
  if (outcome === 'withdrawn_info' || named?.infoRequest !== undefined || random.chance(0.3)) {
    after(HOUR_MS, 2 * DAY_MS);
    transition(
      'request_info',
      reviewer,
      named?.infoRequest ?? (INFO_REQUESTS[messageIndex] as string),
    );
    if (outcome === 'withdrawn_info') {
      after(DAY_MS, 5 * DAY_MS);
      transition('withdraw', editor(), null);
      return steps;
    }
    const answer = editor();
    if (options.evidence && random.chance(0.5)) {
      const extra = evidenceFor(
        { ...draft, type: draft.type === 'other' ? 'lost' : draft.type },
        random,
        random.int(0, 9_999),
      );
      if (extra !== undefined)
        steps.push({
          kind: 'attachment',
          at: after(HOUR_MS, DAY_MS),
          actor: answer,
          body: extra.filename,
          file: extra,
        });
    }
    after(2 * HOUR_MS, 6 * DAY_MS);
    transition('respond', answer, RESPONSES[messageIndex] as string);
  }
  if (random.chance(0.2)) {
    const byStaff = random.chance(0.5);
    steps.push({
      kind: 'comment',
      at: after(HOUR_MS, DAY_MS),
      actor: byStaff ? reviewer : editor(),
      body: byStaff ? random.pick(COMMENTS_BY_STAFF) : random.pick(COMMENTS_BY_PARTNER),
    });
  }
  after(4 * HOUR_MS, 12 * DAY_MS);
  const claimed = draft.quantity * draft.unitValue;
  if (outcome === 'rejected' || claimed < 1) {
    transition('reject', reviewer, random.pick(REJECTIONS));
    return steps;
  }
  const partial = named?.partial ?? (claimed >= 2 && random.chance(0.25));
  const amountApproved = partial
    ? Math.max(1, Math.min(claimed - 1, Math.round(claimed * (0.4 + 0.5 * random.float()))))
    : claimed;
  transition('approve', reviewer, partial ? random.pick(PARTIAL_APPROVALS) : null, {
    amountApproved,
  });
  after(2 * DAY_MS, 20 * DAY_MS);
  transition('mark_paid', reviewer, null, { payoutReference: payoutReference(at, random) });
  return steps;
}

/** The steps up to the named status (a cut by structure), squeezed to end an hour before the load. */
function namedSteps(steps: Step[], status: ClaimStatus, createdAt: number, now: number): Step[] {
  let end: number;
  if (status === 'draft') {
    const submitted = steps.findIndex((step) => step.kind === 'transition');
    end = submitted < 0 ? steps.length : submitted;
  } else {
    const reaching = steps.findIndex(
      (step) => step.action !== undefined && transitionOf(step.action).to === status,
    );
    if (reaching < 0) throw new Error(`claims generator: no path to ${status}`);
    end = reaching + 1;
  }
  const kept = steps.slice(0, end);
  const last = kept[kept.length - 1]?.at ?? createdAt;
  const latest = now - HOUR_MS;
  if (last <= latest) return kept;
  const scale = (latest - createdAt) / (last - createdAt);
  let previous = createdAt;
  return kept.map((step) => {
    const at = Math.max(previous + 1_000, wholeSecond(createdAt + (step.at - createdAt) * scale));
    previous = at;
    return { ...step, at };
  });
}

/**
 * Writes one claim (number `number`), its events and its evidence to `sink`. `source` is what it is
 * filed for; how far its lifecycle got is decided by its own random stream and the time left.
 */
export function writeClaim(
  options: ClaimsGeneratorOptions,
  source: ClaimSource,
  number: number,
  sink: ClaimSink,
): void {
  const now = wholeSecond(options.now.getTime());
  const random = streamOf(options, 'claim', source);
  const draft = draftOf(options, source, random);
  const named = source.kind === 'named' ? source.named : undefined;
  const outcome = named === undefined ? outcomeOf(draft, random, now) : NAMED_OUTCOME[named.status];
  const planned = stepsOf(options, draft, outcome, random, named);
  // A claim got as far as the time before the load allowed; a named one exactly to its status.
  const late = planned.findIndex((step) => step.at > now);
  const steps =
    named !== undefined
      ? namedSteps(planned, named.status, draft.createdAt, now)
      : late < 0
        ? planned
        : planned.slice(0, late);

  const claimId = random.uuidV7(draft.createdAt, 0);
  let counter = 1;
  const eventId = (at: number) => random.uuidV7(at, counter++ & 0xfff);
  sink.event({
    id: eventId(draft.createdAt),
    claimId,
    actor: draft.creator,
    kind: 'created',
    fromStatus: null,
    toStatus: null,
    body: null,
    at: draft.createdAt,
  });

  let status: ClaimStatus = 'draft';
  let version = 1;
  let updatedAt = draft.createdAt;
  let submittedAt: number | null = null;
  let decidedAt: number | null = null;
  let decisionReason: string | null = null;
  let amountApproved: number | null = null;
  let payout: string | null = null;
  for (const step of steps) {
    if (step.kind === 'attachment' && step.file !== undefined) {
      if (!options.evidence) continue;
      const blobId = random.uuidV7(step.at, counter++ & 0xfff);
      sink.attachment({
        id: random.uuidV7(step.at, counter++ & 0xfff),
        claimId,
        blobId,
        filename: step.file.filename,
        contentType: step.file.contentType,
        size: step.file.bytes.length,
        sha256: createHash('sha256').update(step.file.bytes).digest('hex'),
        uploadedBy: step.actor,
        createdAt: step.at,
        bytes: step.file.bytes,
      });
    }
    let fromStatus: ClaimStatus | null = null;
    let toStatus: ClaimStatus | null = null;
    if (step.kind === 'transition' && step.action !== undefined) {
      const row = transitionOf(step.action);
      if (!row.from.includes(status)) {
        throw new Error(`claims generator: ${step.action} from ${status} is not in the lifecycle`);
      }
      fromStatus = status;
      toStatus = row.to;
      status = row.to;
      if (step.action === 'submit') submittedAt = step.at;
      if (step.action === 'approve' || step.action === 'reject') {
        decidedAt = step.at;
        decisionReason = step.body;
      }
      if (step.amountApproved !== undefined) amountApproved = step.amountApproved;
      if (step.payoutReference !== undefined) payout = step.payoutReference;
    }
    if (step.kind === 'transition' || step.kind === 'edit') {
      version += 1;
      updatedAt = step.at;
    }
    sink.event({
      id: eventId(step.at),
      claimId,
      actor: step.actor,
      kind: step.kind,
      fromStatus,
      toStatus,
      body: step.body,
      at: step.at,
    });
  }

  sink.claim({
    id: claimId,
    number,
    type: draft.type,
    status,
    itemId: draft.itemId,
    movementId: draft.movementId,
    quantity: draft.quantity,
    unitValue: draft.unitValue,
    amountClaimed: draft.quantity * draft.unitValue,
    amountApproved,
    currency: options.currency,
    incidentDate: localDate(draft.incidentAt, options.timeZone),
    description: draft.description,
    reference: draft.reference,
    createdBy: draft.creator,
    submittedAt,
    decidedAt,
    decisionReason,
    payoutReference: payout,
    version,
    createdAt: draft.createdAt,
    updatedAt,
  });
}

/**
 * The partner's claims: `count` in all, the named ones among them, the others filed for candidates
 * (chosen by `CandidateSelector`) or for something else (`other`, on one of `items` or on none),
 * numbered 1..count in the order they were filed.
 */
export function claimSources(
  options: ClaimsGeneratorOptions,
  chosen: readonly ClaimCandidate[],
  count: number,
  items: readonly ClaimItemChoice[],
  named: readonly NamedClaim[] = [],
): ClaimSource[] {
  const sources: ClaimSource[] = [
    ...named.map((claim): ClaimSource => ({ kind: 'named', named: claim })),
    ...chosen.map((candidate): ClaimSource => ({ kind: 'movement', candidate })),
  ];
  const random = new Random(hashSeed(`${options.seed}/${options.partnerKey}/claims/other`));
  for (let ordinal = 0; sources.length < count; ordinal += 1) {
    const item = items.length > 0 && random.chance(0.7) ? random.pick(items) : null;
    sources.push({ kind: 'other', ordinal, item });
  }
  return inFilingOrder(options, sources);
}

/** A partner's claims, events and evidence as they come, for `insertClaims`. */
export class ClaimColumns implements ClaimSink {
  readonly claims: ClaimRow[] = [];
  readonly events: ClaimEventRow[] = [];
  readonly attachments: ClaimAttachmentRow[] = [];

  constructor(readonly partnerId: string) {}

  claim(row: ClaimRow): void {
    this.claims.push(row);
  }

  event(row: ClaimEventRow): void {
    this.events.push(row);
  }

  attachment(row: ClaimAttachmentRow): void {
    this.attachments.push(row);
  }
}

/** Runs one statement with positional parameters (TypeORM's `manager.query`, pg's `client.query`). */
export type Query = (sql: string, parameters: unknown[]) => Promise<unknown>;

const column = <T, K extends keyof T>(rows: readonly T[], key: K): Array<T[K]> =>
  rows.map((row) => row[key]);
const times = (values: ReadonlyArray<number | null>) =>
  values.map((value) => (value === null ? null : isoSecond(value)));

/**
 * Writes the partners' claims with one multi-row statement per table for all of them
 * (`INSERT … SELECT FROM unnest`, the partner id a column like the others): PGlite pays per statement.
 * The evidence bytes go as hex text, decoded by the server; the audit rows of the decisions are made
 * from the events by the server.
 */
export async function insertClaims(query: Query, batches: readonly ClaimColumns[]): Promise<void> {
  const partnersOf = <K extends 'claims' | 'events' | 'attachments'>(key: K) =>
    batches.flatMap((batch) => batch[key].map(() => batch.partnerId));
  const claims = batches.flatMap((batch) => batch.claims);
  const events = batches.flatMap((batch) => batch.events);
  const attachments = batches.flatMap((batch) => batch.attachments);
  if (claims.length === 0) return;
  await query(
    `INSERT INTO claims (partner_id, id, number, type, status, item_id, movement_id, quantity, unit_value,
       amount_claimed, amount_approved, currency, incident_date, description, reference, created_by_user_id,
       submitted_at, decided_at, decision_reason, payout_reference, version, created_at, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::uuid[], $7::uuid[],
       $8::int[], $9::int[], $10::bigint[], $11::bigint[], $12::text[], $13::date[], $14::text[], $15::text[],
       $16::uuid[], $17::timestamptz[], $18::timestamptz[], $19::text[], $20::text[], $21::int[],
       $22::timestamptz[], $23::timestamptz[])`,
    [
      partnersOf('claims'),
      column(claims, 'id'),
      column(claims, 'number'),
      column(claims, 'type'),
      column(claims, 'status'),
      column(claims, 'itemId'),
      column(claims, 'movementId'),
      column(claims, 'quantity'),
      column(claims, 'unitValue'),
      column(claims, 'amountClaimed'),
      column(claims, 'amountApproved'),
      column(claims, 'currency'),
      column(claims, 'incidentDate'),
      column(claims, 'description'),
      column(claims, 'reference'),
      column(claims, 'createdBy'),
      times(column(claims, 'submittedAt')),
      times(column(claims, 'decidedAt')),
      column(claims, 'decisionReason'),
      column(claims, 'payoutReference'),
      column(claims, 'version'),
      times(column(claims, 'createdAt')),
      times(column(claims, 'updatedAt')),
    ],
  );
  await query(
    `INSERT INTO claim_events (partner_id, id, claim_id, actor_user_id, kind, from_status, to_status, body, at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::timestamptz[])`,
    [
      partnersOf('events'),
      column(events, 'id'),
      column(events, 'claimId'),
      column(events, 'actor'),
      column(events, 'kind'),
      column(events, 'fromStatus'),
      column(events, 'toStatus'),
      column(events, 'body'),
      times(column(events, 'at')),
    ],
  );
  if (attachments.length > 0) {
    await query(
      `INSERT INTO claim_evidence_blobs (partner_id, id, content, created_at)
       SELECT partner_id, id, decode(content, 'hex'), created_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) AS b (partner_id, id, content, created_at)`,
      [
        partnersOf('attachments'),
        column(attachments, 'blobId'),
        attachments.map((row) => row.bytes.toString('hex')),
        times(column(attachments, 'createdAt')),
      ],
    );
    await query(
      `INSERT INTO claim_attachments (partner_id, id, claim_id, filename, content_type, size, sha256, storage_key,
         uploaded_by_user_id, created_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::text[],
         $8::text[], $9::uuid[], $10::timestamptz[])`,
      [
        partnersOf('attachments'),
        column(attachments, 'id'),
        column(attachments, 'claimId'),
        column(attachments, 'filename'),
        column(attachments, 'contentType'),
        column(attachments, 'size'),
        column(attachments, 'sha256'),
        column(attachments, 'blobId'),
        column(attachments, 'uploadedBy'),
        times(column(attachments, 'createdAt')),
      ],
    );
  }
  const partnerIds = batches.map((batch) => batch.partnerId);
  // The decisions' audit rows (docs/product.md §4, AuditLog), as the API writes them.
  await query(
    `INSERT INTO audit_logs (partner_id, actor_user_id, action, target, at, metadata)
     SELECT e.partner_id, e.actor_user_id,
            CASE e.to_status WHEN 'approved' THEN 'claim.approved' WHEN 'rejected' THEN 'claim.rejected'
                             ELSE 'claim.paid' END,
            'claim:' || c.id, e.at,
            jsonb_build_object('number', 'CLM-' || lpad(c.number::text, 6, '0'),
                               'amountApproved', c.amount_approved, 'currency', c.currency)
       FROM claim_events e JOIN claims c ON c.partner_id = e.partner_id AND c.id = e.claim_id
      WHERE e.partner_id = ANY($1::uuid[]) AND c.partner_id = ANY($1::uuid[]) AND e.claim_id = ANY($2::uuid[])
        AND e.kind = 'transition' AND e.to_status IN ('approved', 'rejected', 'paid')`,
    [partnerIds, column(claims, 'id')],
  );
  await query(
    `INSERT INTO claim_number_counters (partner_id, last_number)
     SELECT * FROM unnest($1::uuid[], $2::int[])
     ON CONFLICT (partner_id) DO UPDATE SET last_number = EXCLUDED.last_number`,
    [partnerIds, batches.map((batch) => Math.max(0, ...column(batch.claims, 'number')))],
  );
}

/** The columns of `COPY claims (…) FROM STDIN`, in the order `ClaimCopySink` writes them. */
export const CLAIM_COPY_COLUMNS =
  'partner_id, id, number, type, status, item_id, movement_id, quantity, unit_value, amount_claimed, amount_approved, currency, incident_date, description, reference, created_by_user_id, submitted_at, decided_at, decision_reason, payout_reference, version, created_at, updated_at';
export const CLAIM_EVENT_COPY_COLUMNS =
  'partner_id, id, claim_id, actor_user_id, kind, from_status, to_status, body, at';

const copyTime = (ms: number | null) => (ms === null ? '\\N' : isoSecond(ms));
const copyNumber = (value: number | null) => (value === null ? '\\N' : String(value));

/**
 * Claims and their events as the bodies of `COPY claims (CLAIM_COPY_COLUMNS) FROM STDIN` and
 * `COPY claim_events (CLAIM_EVENT_COPY_COLUMNS) FROM STDIN` (text format), written as they come.
 * Evidence is not written at scale.
 */
export class ClaimCopySink implements ClaimSink {
  readonly claims = new GrowingBytes();
  readonly events = new GrowingBytes();
  claimCount = 0;
  eventCount = 0;

  constructor(private readonly partnerId: string) {}

  claim(row: ClaimRow): void {
    this.claimCount += 1;
    this.claims.write(
      `${this.partnerId}\t${row.id}\t${row.number}\t${row.type}\t${row.status}\t${copyValue(row.itemId)}\t` +
        `${copyValue(row.movementId)}\t${row.quantity}\t${row.unitValue}\t${row.amountClaimed}\t` +
        `${copyNumber(row.amountApproved)}\t${row.currency}\t${row.incidentDate}\t${copyValue(row.description)}\t` +
        `${copyValue(row.reference)}\t${row.createdBy}\t${copyTime(row.submittedAt)}\t${copyTime(row.decidedAt)}\t` +
        `${copyValue(row.decisionReason)}\t${copyValue(row.payoutReference)}\t${row.version}\t` +
        `${isoSecond(row.createdAt)}\t${isoSecond(row.updatedAt)}\n`,
    );
  }

  event(row: ClaimEventRow): void {
    this.eventCount += 1;
    this.events.write(
      `${this.partnerId}\t${row.id}\t${row.claimId}\t${row.actor}\t${row.kind}\t${copyValue(row.fromStatus)}\t` +
        `${copyValue(row.toStatus)}\t${copyValue(row.body)}\t${isoSecond(row.at)}\n`,
    );
  }

  attachment(): void {
    // Evidence files are for the demo; a scale load leaves them out (options.evidence is off).
  }
}
