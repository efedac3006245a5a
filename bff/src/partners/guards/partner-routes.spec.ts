import { Controller, Get, Post } from '@nestjs/common';
import { Public } from '#src/auth/decorators/public.decorator.js';
import { KeysNever, Scopes } from '#src/auth/decorators/scopes.decorator.js';
import { PartnerController } from '../decorators/partner-controller.decorator.js';
import { declaredRoutes, partnerRouteProblems } from './partner-routes.js';

@PartnerController()
@KeysNever()
class GoodPartnerController {
  @Get()
  partner(): void {}

  @Scopes('inventory:read')
  @Get('members')
  members(): void {}
}

@PartnerController('inventory')
class UnscopedPartnerController {
  @Scopes('inventory:read')
  @Get()
  list(): void {}

  @Post()
  record(): void {}
}

@Controller('api/reports')
class ScopedOutsideController {
  @Scopes('claims:read')
  @Get()
  reports(): void {}
}

@Controller('api/partners')
class NoSlugController {
  @Get('export')
  export(): void {}
}

@Controller('api/partners/:partnerSlug/claims')
class UndeclaredController {
  @Post()
  create(): void {}
}

@Public()
@Controller('api/me')
class OutsideController {
  @Get()
  me(): void {}
}

describe('the partner routes check', () => {
  it('knows a @PartnerController() route with its full path', () => {
    expect(declaredRoutes(GoodPartnerController)).toEqual([
      {
        name: 'GoodPartnerController.partner',
        path: '/api/partners/:partnerSlug',
        partnerRoute: true,
        accountCheckDelegated: true,
        keyScopes: [],
      },
      {
        name: 'GoodPartnerController.members',
        path: '/api/partners/:partnerSlug/members',
        partnerRoute: true,
        accountCheckDelegated: true,
        keyScopes: ['inventory:read'],
      },
    ]);
  });

  it('accepts partner routes declared with @PartnerController() and routes outside /api/partners', () => {
    const routes = [GoodPartnerController, OutsideController].flatMap(declaredRoutes);
    expect(partnerRouteProblems(routes)).toEqual([]);
  });

  it('refuses a route under /api/partners/ without :partnerSlug, and one not declared as a partner route', () => {
    const routes = [NoSlugController, UndeclaredController].flatMap(declaredRoutes);
    expect(partnerRouteProblems(routes)).toEqual([
      'NoSlugController.export (/api/partners/export): under /api/partners/ without :partnerSlug',
      'UndeclaredController.create (/api/partners/:partnerSlug/claims): not declared with @PartnerController()',
    ]);
  });

  it('refuses a route elsewhere that skips the account check', () => {
    expect(
      partnerRouteProblems([
        {
          name: 'Sneaky.route',
          path: '/api/reports',
          partnerRoute: false,
          accountCheckDelegated: true,
          keyScopes: undefined,
        },
      ]),
    ).toEqual([
      "Sneaky.route (/api/reports): skips the JWT guard's account check outside /api/partners/:partnerSlug",
    ]);
  });

  it('refuses a partner route that says nothing about API keys, and a scope where no key is allowed', () => {
    const routes = [UnscopedPartnerController, ScopedOutsideController].flatMap(declaredRoutes);
    expect(partnerRouteProblems(routes)).toEqual([
      'UnscopedPartnerController.record (/api/partners/:partnerSlug/inventory): declares neither @Scopes() nor @KeysNever() for API keys',
      'ScopedOutsideController.reports (/api/reports): @Scopes() outside /api/partners/:partnerSlug, where no key is allowed',
    ]);
  });
});
