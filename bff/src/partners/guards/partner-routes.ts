import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ACCOUNT_CHECK_DELEGATED } from '#src/auth/decorators/public.decorator.js';
import { API_KEY_SCOPES_METADATA } from '#src/auth/decorators/scopes.decorator.js';
import { PARTNER_ROUTE } from '../decorators/partner-controller.decorator.js';

/** One route of a controller, as declared. */
export interface DeclaredRoute {
  /** `Controller.handler` */
  name: string;
  path: string;
  partnerRoute: boolean;
  accountCheckDelegated: boolean;
  /** What an API key needs here (`@Scopes()`), `[]` for `@KeysNever()`; undefined: undeclared. */
  keyScopes: readonly string[] | undefined;
}

const normalise = (path: string) => `/${path}`.replace(/\/+/g, '/').replace(/\/$/, '');

function pathsOf(target: object): string[] {
  const declared: unknown = Reflect.getMetadata(PATH_METADATA, target);
  if (declared === undefined) return [''];
  return [declared].flat().map(String);
}

/** The routes a controller class declares: its handlers (methods with a path) × paths. */
export function declaredRoutes(controller: { name: string; prototype: object }): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  const classPartner = Reflect.getMetadata(PARTNER_ROUTE, controller) === true;
  const classDelegated = Reflect.getMetadata(ACCOUNT_CHECK_DELEGATED, controller) === true;
  for (const key of Object.getOwnPropertyNames(controller.prototype)) {
    if (key === 'constructor') continue;
    const handler = Object.getOwnPropertyDescriptor(controller.prototype, key)?.value as unknown;
    if (typeof handler !== 'function') continue;
    if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
    for (const base of pathsOf(controller)) {
      for (const path of pathsOf(handler)) {
        routes.push({
          name: `${controller.name}.${key}`,
          path: normalise(`${base}/${path}`),
          partnerRoute: classPartner || Reflect.getMetadata(PARTNER_ROUTE, handler) === true,
          accountCheckDelegated:
            classDelegated || Reflect.getMetadata(ACCOUNT_CHECK_DELEGATED, handler) === true,
          keyScopes: (Reflect.getMetadata(API_KEY_SCOPES_METADATA, handler) ??
            Reflect.getMetadata(API_KEY_SCOPES_METADATA, controller)) as string[] | undefined,
        });
      }
    }
  }
  return routes;
}

/**
 * Fail closed: every route under /api/partners/ is a `@PartnerController()` route with `:partnerSlug`
 * as its third segment, and only those leave the account check to the partner guard; each says what
 * an API key needs on it (`@Scopes()`) or that no key reaches it (`@KeysNever()`). Elsewhere the JWT
 * guard refuses every key, so a scope there would promise what no guard gives. Answers one line per
 * route that breaks this (empty when all is well).
 */
export function partnerRouteProblems(routes: DeclaredRoute[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const underPartners = /^\/api\/partners(\/|$)/.test(route.path);
    const hasSlug = /^\/api\/partners\/:partnerSlug(\/|$)/.test(route.path);
    if (underPartners && !hasSlug) {
      problems.push(`${route.name} (${route.path}): under /api/partners/ without :partnerSlug`);
    } else if (underPartners && !route.partnerRoute) {
      problems.push(`${route.name} (${route.path}): not declared with @PartnerController()`);
    } else if (underPartners && route.keyScopes === undefined) {
      problems.push(
        `${route.name} (${route.path}): declares neither @Scopes() nor @KeysNever() for API keys`,
      );
    } else if (!underPartners && route.keyScopes !== undefined && route.keyScopes.length > 0) {
      problems.push(
        `${route.name} (${route.path}): @Scopes() outside /api/partners/:partnerSlug, where no key is allowed`,
      );
    } else if (!underPartners && (route.partnerRoute || route.accountCheckDelegated)) {
      problems.push(
        `${route.name} (${route.path}): skips the JWT guard's account check outside /api/partners/:partnerSlug`,
      );
    }
  }
  return problems;
}
