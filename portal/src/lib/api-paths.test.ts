import type { ApiData, SuccessData } from './api-paths';
import type { components } from './api-schema.gen';

/**
 * Type-level tests: `tsc --noEmit` (typecheck) fails when a helper types an answer wrongly. The
 * runtime test below only keeps jest aware of the file.
 */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<Condition extends true> = Condition;

type Schemas = components['schemas'];

/** Operations shaped as openapi-typescript writes them, one per kind of success. */
interface Answers {
  ok: { responses: { 200: { content: { 'application/json': { id: string } } } } };
  created: {
    responses: {
      201: { content: { 'application/json': { id: string; createdAt: string } } };
      400: { content: { 'application/json': Schemas['ProblemDetails'] } };
    };
  };
  accepted: { responses: { 202: { content: { 'application/json': { queued: true } } } } };
  noContent: { responses: { 204: { headers: Record<string, unknown>; content?: never } } };
}

export type SuccessDataCases = [
  Expect<Equal<SuccessData<Answers['ok']>, { id: string }>>,
  Expect<Equal<SuccessData<Answers['created']>, { id: string; createdAt: string }>>,
  Expect<Equal<SuccessData<Answers['accepted']>, { queued: true }>>,
  Expect<Equal<SuccessData<Answers['noContent']>, undefined>>,
];

export type ApiDataCases = [
  // 200
  Expect<Equal<ApiData<'/api/me', 'get'>, Schemas['SessionDto']>>,
  // 201: was `never` when the helper knew only 200
  Expect<
    Equal<
      ApiData<'/api/partners/{partnerSlug}/invitations', 'post'>,
      Schemas['CreatedInvitationDto']
    >
  >,
  // 204
  Expect<Equal<ApiData<'/api/auth/signout', 'post'>, undefined>>,
];

describe('api-paths types', () => {
  it('are checked by the type checker (pnpm typecheck)', () => {
    const checked: SuccessDataCases | ApiDataCases | undefined = undefined;
    expect(checked).toBeUndefined();
  });
});
