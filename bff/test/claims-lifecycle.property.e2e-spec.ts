import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import {
  CLAIM_ACTIONS,
  CLAIM_LIFECYCLE,
  type ClaimAction,
  type ClaimActor,
  type ClaimStatus,
} from '../src/claims/claim-lifecycle.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf } from './support/inventory.js';
import {
  type ClaimsWorld,
  claimsClient,
  claimsWorld,
  insertEvidence,
  movementDraftBody,
} from './support/claims-api.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
/** Fewer on PGlite, which runs one statement at a time. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? (ON_POSTGRES ? '100' : '40'));

/**
 * Two staff members who may decide the claim (`staff`, `staff2`: a second approval needs both), and
 * `staffManager`, staff who is also the partner's manager: separated from the claim (docs/product.md
 * §3a), they take the partner's actions and no staff action.
 */
type Role = 'viewer' | 'manager' | 'admin' | 'staff' | 'staff2' | 'staffManager';
type Action = ClaimAction | 'edit' | 'delete';
const ROLES: readonly Role[] = ['viewer', 'manager', 'admin', 'staff', 'staff2', 'staffManager'];
const ACTIONS: readonly Action[] = [...CLAIM_ACTIONS, 'edit', 'delete'];
const ACTORS: Readonly<Record<Role, readonly ClaimActor[]>> = {
  viewer: ['viewer'],
  manager: ['manager'],
  admin: ['admin'],
  staff: ['staff'],
  staff2: ['staff'],
  staffManager: ['manager', 'staff'],
};
/** Separated from every claim of the partner (a member of it). */
const SEPARATED: readonly Role[] = ['staffManager'];

/** SECOND_APPROVAL_ABOVE of this suite: 5.00 EUR, so that a claim of 3 units (7.50) needs two. */
const SECOND_APPROVAL_ABOVE = 5;
const THRESHOLD_MINOR = SECOND_APPROVAL_ABOVE * 100;

/** What the model knows of the claim: enough to say what every request must answer. */
interface Model {
  status: ClaimStatus | 'deleted';
  version: number;
  amountClaimed: number;
  /** Whether submit finds it complete (its evidence). */
  complete: boolean;
  /** Events the timeline must hold: created, and one per change that succeeded. */
  events: number;
  /** Who gave the pending first approval (docs/product.md §3a), if one is pending. */
  pendingBy: Role | null;
}

interface Real {
  userIds: Readonly<Record<Role, string>>;
  clients: Readonly<Record<Role, { client: ReturnType<typeof claimsClient>; as: ClaimActor }>>;
  claimId: string;
}

const STAFF_ONLY: readonly ClaimAction[] = CLAIM_LIFECYCLE.filter((row) =>
  row.who.every((actor) => actor === 'staff'),
).map((row) => row.action);
const SECOND_APPROVAL: readonly ClaimAction[] = CLAIM_LIFECYCLE.filter(
  (row) => row.secondApproval === true,
).map((row) => row.action);

/** Separation of duties withholds it from the role (docs/product.md §3a). */
function withheld(action: Action, role: Role, model: Pick<Model, 'pendingBy'>): boolean {
  if (action === 'edit' || action === 'delete') return false;
  return (
    (SEPARATED.includes(role) && STAFF_ONLY.includes(action)) ||
    (model.pendingBy === role && SECOND_APPROVAL.includes(action))
  );
}

/**
 * The model, built from the lifecycle table alone (docs/product.md §4): who may take which action from
 * which status, less what separation of duties withholds (a member of the partner, the first
 * approver); a draft's editors may also edit and delete it.
 */
function modelAllows(model: Pick<Model, 'status' | 'pendingBy'>, role: Role): Action[] {
  const { status } = model;
  if (status === 'deleted') return [];
  const actors = ACTORS[role];
  const actions: Action[] = CLAIM_LIFECYCLE.filter(
    (row) =>
      row.from.includes(status) &&
      row.who.some((actor) => actors.includes(actor)) &&
      !withheld(row.action, role, model),
  ).map((row) => row.action);
  if (status === 'draft' && (actors.includes('manager') || actors.includes('admin')))
    actions.push('edit', 'delete');
  return actions;
}

function mayEver(action: Action, role: Role): boolean {
  const actors = ACTORS[role];
  if (action === 'edit' || action === 'delete')
    return actors.includes('manager') || actors.includes('admin');
  return CLAIM_LIFECYCLE.some(
    (row) => row.action === action && row.who.some((actor) => actors.includes(actor)),
  );
}

function allowedFrom(action: Action, status: ClaimStatus): boolean {
  if (action === 'edit' || action === 'delete') return status === 'draft';
  return CLAIM_LIFECYCLE.some((row) => row.action === action && row.from.includes(status));
}

type VersionSent = 'current' | 'stale' | 'missing';

interface Step {
  role: Role;
  action: Action;
  version: VersionSent;
  /** Leave out (or break) the field the action requires. */
  badField: boolean;
}

/** The answer the model expects, in the order of docs/api.md's checks. */
function expected(model: Model, step: Step): number {
  if (model.status === 'deleted') return 404;
  if (!mayEver(step.action, step.role)) return 403;
  // Separation of duties: 403 `separation_of_duties`, whatever the version.
  if (withheld(step.action, step.role, model)) return 403;
  if (step.version === 'missing') return 428;
  if (step.version === 'stale') return 412;
  if (!allowedFrom(step.action, model.status)) return 409;
  const needsField = ['request_info', 'respond', 'reject', 'approve', 'mark_paid', 'edit'];
  if (step.badField && needsField.includes(step.action)) return 400;
  if (step.action === 'submit' && !model.complete) return 422;
  return step.action === 'delete' ? 204 : 200;
}

function bodyOf(step: Step, model: Model): Record<string, unknown> {
  const bad = step.badField;
  switch (step.action) {
    case 'request_info':
    case 'respond':
    case 'reject':
      return bad ? { action: step.action } : { action: step.action, message: 'Some words.' };
    case 'approve':
      return {
        action: 'approve',
        amountApproved: bad ? model.amountClaimed + 1 : Math.max(1, model.amountClaimed - 1),
      };
    case 'mark_paid':
      return bad ? { action: 'mark_paid' } : { action: 'mark_paid', payoutReference: 'PAY-1' };
    case 'edit':
      // More units than the movement's (10): a claim on a movement takes the movement's day, so a
      // typed incident date is no longer a field it could get wrong (docs/product.md §4).
      return bad ? { quantity: 1000 } : { description: `Edited at version ${model.version}.` };
    case 'delete':
      return {};
    default:
      return { action: step.action };
  }
}

function send(real: Real, model: Model, step: Step): Promise<LightMyRequestResponse> {
  const version =
    step.version === 'missing'
      ? undefined
      : step.version === 'stale'
        ? model.version + 5
        : model.version;
  const body = bodyOf(step, model);
  const { client, as } = real.clients[step.role];
  if (step.action === 'edit') return client.patch(as, real.claimId, body, version);
  if (step.action === 'delete') return client.remove(as, real.claimId, version);
  return client.transition(as, real.claimId, body, version);
}

/** The amount a well-formed approve of the model's claim sends (`bodyOf`). */
function approvedAmount(model: Model): number {
  return Math.max(1, model.amountClaimed - 1);
}

const TO: Readonly<Record<ClaimAction, ClaimStatus>> = Object.fromEntries(
  CLAIM_LIFECYCLE.map((row) => [row.action, row.to]),
) as Record<ClaimAction, ClaimStatus>;

/** The (role, action) pairs the model allows now, in a fixed order. */
function allowedMoves(model: Readonly<Model>): Array<{ role: Role; action: Action }> {
  if (model.status === 'deleted') return [];
  return ROLES.flatMap((role) => modelAllows(model, role).map((action) => ({ role, action })));
}

/**
 * One request: a random step, or (`pick`) the pick-th move the model allows now, sent well (current
 * version, the fields it needs), so that runs walk deep into the lifecycle, not only bounce off it.
 */
class ActCommand implements fc.AsyncCommand<Model, Real> {
  private sent: Step | undefined;

  constructor(readonly choice: { step: Step } | { pick: number }) {}

  private stepFor(model: Readonly<Model>): Step {
    if ('step' in this.choice) return this.choice.step;
    const moves = allowedMoves(model);
    const move = moves[this.choice.pick % moves.length];
    if (move === undefined) throw new Error('no move to pick');
    return { ...move, version: 'current', badField: false };
  }

  check(model: Readonly<Model>): boolean {
    return 'step' in this.choice || allowedMoves(model).length > 0;
  }

  get step(): Step {
    if (this.sent === undefined) throw new Error('not run yet');
    return this.sent;
  }

  async run(model: Model, real: Real): Promise<void> {
    this.sent = this.stepFor(model);
    const want = expected(model, this.step);
    const response = await send(real, model, this.step);
    expect({ step: this.toString(), status: response.statusCode }).toEqual({
      step: this.toString(),
      status: want,
    });
    const problem = response.statusCode >= 400 ? response.json<Record<string, unknown>>() : {};
    if (want === 412) {
      // The current claim, with what this caller may do with it.
      expect(problem).toMatchObject({
        code: 'stale',
        claim: {
          version: model.version,
          status: model.status,
          allowedActions: modelAllows(model, this.step.role),
        },
      });
    }
    if (want === 409) {
      expect(problem).toMatchObject({
        code: 'transition_not_allowed',
        allowedActions: modelAllows(model, this.step.role),
      });
    }
    if (want === 403 && mayEver(this.step.action, this.step.role)) {
      expect(problem).toMatchObject({ code: 'separation_of_duties' });
    }
    if (want === 428) expect(problem).toMatchObject({ code: 'precondition_required' });
    if (want === 422) expect(problem).toMatchObject({ code: 'claim_incomplete' });
    if (want === 200) {
      model.version += 1;
      model.events += 1;
      const firstApproval =
        SECOND_APPROVAL.includes(this.step.action as ClaimAction) &&
        model.pendingBy === null &&
        approvedAmount(model) > THRESHOLD_MINOR;
      if (firstApproval) {
        // The first of two: the status stays, the approval pends (docs/product.md §3a).
        model.pendingBy = this.step.role;
      } else if (this.step.action !== 'edit') {
        model.status = TO[this.step.action as ClaimAction];
        // Leaving in_review clears a pending approval.
        if (model.status !== 'in_review') model.pendingBy = null;
      }
      expect(response.json()).toMatchObject({ version: model.version, status: model.status });
    }
    if (want === 204) model.status = 'deleted';

    // Whoever asks, the claim's allowedActions are the model's.
    for (const role of ROLES) {
      const { client, as } = real.clients[role];
      const current = await client.get(as, real.claimId);
      if (model.status === 'deleted') {
        expect(current.statusCode).toBe(404);
        continue;
      }
      const claim = current.json<Record<string, unknown>>();
      expect({ role, ...claim }).toMatchObject({
        role,
        status: model.status,
        version: model.version,
        allowedActions: modelAllows(model, role),
      });
      // Staff see who gave the pending approval; a partner's member never sees the field.
      if (ACTORS[role].includes('staff')) {
        const by = model.pendingBy === null ? null : real.userIds[model.pendingBy];
        expect(claim.pendingApproval ?? null).toEqual(
          by === null ? null : expect.objectContaining({ by: expect.objectContaining({ id: by }) }),
        );
      } else {
        expect(claim).not.toHaveProperty('pendingApproval');
      }
    }
  }

  toString(): string {
    if (this.sent === undefined) {
      return 'step' in this.choice
        ? describeStep(this.choice.step)
        : `allowed move #${this.choice.pick}`;
    }
    return describeStep(this.sent);
  }
}

function describeStep(step: Step): string {
  const { role, action, version, badField } = step;
  return `${role} ${action} (${version} version${badField ? ', bad field' : ''})`;
}

/**
 * The lifecycle as a state machine (issue #9, "must be shown" 1): random sequences of actions by random
 * roles, with the current, a stale or no version, with or without the fields each needs, against the
 * API and a model built from CLAIM_LIFECYCLE. Every allowed action succeeds; every other is refused
 * with the status of the first check it fails (403, 428, 412, 409, 400, 422); allowedActions always
 * equals the model's, for every role.
 */
describe('claim lifecycle (state machine)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let client: ReturnType<typeof claimsClient>;
  let clients: Real['clients'];
  let userIds: Real['userIds'];

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SECOND_APPROVAL_ABOVE: String(SECOND_APPROVAL_ABOVE) },
    });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'lifecycle');
    client = claimsClient(api, world);
    // The other staff members, each sending as `staff` through a client of their own token.
    const tag = randomUUID().slice(0, 8);
    const staff2 = `staff2-${tag}@claims.test`;
    const staffManager = `staff-manager-${tag}@claims.test`;
    const staff2Id = await createUser(dataSource, staff2, 'unused', [], { isStaff: true });
    const staffManagerId = await createUser(
      dataSource,
      staffManager,
      'unused',
      [{ slug: world.partner.slug, role: 'manager' }],
      { isStaff: true },
    );
    const as = async (email: string) =>
      claimsClient(api, {
        ...world,
        tokens: { ...world.tokens, staff: await bearerOf(api, email) },
      });
    clients = {
      viewer: { client, as: 'viewer' },
      manager: { client, as: 'manager' },
      admin: { client, as: 'admin' },
      staff: { client, as: 'staff' },
      staff2: { client: await as(staff2), as: 'staff' },
      staffManager: { client: await as(staffManager), as: 'staff' },
    };
    userIds = {
      viewer: world.userIds.viewer,
      manager: world.userIds.manager,
      admin: world.userIds.admin,
      staff: world.userIds.staff,
      staff2: staff2Id,
      staffManager: staffManagerId,
    };
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  // Weighted toward the versions and fields that let actions through, so that runs go deep.
  const step = fc.record({
    role: fc.constantFrom(...ROLES),
    action: fc.constantFrom(...ACTIONS),
    version: fc.oneof(
      { weight: 8, arbitrary: fc.constant<VersionSent>('current') },
      { weight: 1, arbitrary: fc.constant<VersionSent>('stale') },
      { weight: 1, arbitrary: fc.constant<VersionSent>('missing') },
    ),
    badField: fc.oneof(
      { weight: 5, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
  const start = fc.constantFrom('lost', 'damaged with a photo', 'damaged without a photo');
  /** 2 units (5.00, one approval) or 3 (7.50, above SECOND_APPROVAL_ABOVE: two approvals). */
  const units = fc.constantFrom(2, 3);
  /**
   * A lost claim of 3 units: a run of the given actions, each by a role that may take it (or the one
   * named, `role:action`), with its fields.
   */
  const walk = (
    ...actions: Array<ClaimAction | `${Role}:${ClaimAction}`>
  ): ['lost', 3, ActCommand[]] => [
    'lost',
    3,
    actions.map((named) => {
      const [role, action] = named.includes(':')
        ? (named.split(':') as [Role, ClaimAction])
        : [
            (named === 'submit' || named === 'withdraw' || named === 'respond'
              ? 'manager'
              : 'staff') as Role,
            named as ClaimAction,
          ];
      return new ActCommand({ step: { role, action, version: 'current', badField: false } });
    }),
  ];

  it(`agrees with the model over ${RUNS} random runs (seed ${SEED})`, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        start,
        units,
        fc.commands(
          [
            step.map((s) => new ActCommand({ step: s })),
            // Twice: half of the steps are moves the model allows.
            fc.nat({ max: 20 }).map((pick) => new ActCommand({ pick })),
            fc.nat({ max: 20 }).map((pick) => new ActCommand({ pick })),
          ],
          { maxCommands: 40, size: 'medium' },
        ),
        async (kind, quantity, commands) => {
          const type = kind === 'lost' ? 'lost' : 'damaged';
          const created = await client.create(
            'manager',
            await movementDraftBody(dataSource, world, type, { quantity }),
          );
          expect(created.statusCode).toBe(201);
          const claimId = created.json<{ id: string }>().id;
          if (kind === 'damaged with a photo') {
            await insertEvidence(dataSource, world.partner.id, claimId, 'image/jpeg');
          }
          const model: Model = {
            status: 'draft',
            version: 1,
            amountClaimed: quantity * world.item.unitValue,
            complete: kind !== 'damaged without a photo',
            events: 1,
            pendingBy: null,
          };
          await fc.asyncModelRun(() => ({ model, real: { clients, userIds, claimId } }), commands);
          steps += [...commands].length;
          if (model.status !== 'deleted') {
            const events = (await dataSource.query(
              `SELECT count(*)::int AS n FROM claim_events WHERE partner_id = $1 AND claim_id = $2`,
              [world.partner.id, claimId],
            )) as Array<{ n: number }>;
            // Exactly one event per change that went through (no comments here).
            expect(events[0]?.n).toBe(model.events);
          }
        },
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        // Besides the random runs, one walk to each end of the lifecycle, so that every status is
        // entered whatever the seed (the check below); a seed had once reached no rejection.
        examples: [
          walk('submit', 'withdraw'),
          walk('submit', 'start_review', 'request_info', 'respond', 'start_review', 'reject'),
          walk('submit', 'start_review', 'approve', 'mark_paid'),
          // The second approval: the first approver cannot complete it, a second staff member can.
          walk('submit', 'start_review', 'approve', 'staff:approve', 'staff2:approve', 'mark_paid'),
          // A pending approval cleared by an information request; the member staff never decides.
          walk(
            'submit',
            'staffManager:start_review',
            'staff2:start_review',
            'staff2:approve',
            'staff:request_info',
            'respond',
            'staff2:approve',
            'staff:approve',
          ),
        ],
      },
    );
    console.info(`claim lifecycle (PROPERTY_SEED=${SEED}): ${RUNS} runs, ${steps} commands`);
    expect(steps).toBeGreaterThan(RUNS);
    // Reached: every status of the lifecycle was entered by some run.
    const statuses = (await dataSource.query(
      `SELECT DISTINCT to_status FROM claim_events WHERE partner_id = $1 AND to_status IS NOT NULL`,
      [world.partner.id],
    )) as Array<{ to_status: string }>;
    const pending = (await dataSource.query(
      `SELECT count(*)::int AS n FROM claim_events WHERE partner_id = $1 AND kind = 'approval_requested'`,
      [world.partner.id],
    )) as Array<{ n: number }>;
    expect(pending[0]?.n).toBeGreaterThan(0);
    expect(statuses.map((row) => row.to_status).sort()).toEqual([
      'approved',
      'in_review',
      'info_requested',
      'paid',
      'rejected',
      'submitted',
      'withdrawn',
    ]);
  }, 480_000);
});
