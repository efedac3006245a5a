import { Controller, Get, Post } from '@nestjs/common';
import { Public } from '#src/auth/decorators/public.decorator.js';
import { PartnerController } from '../decorators/partner-controller.decorator.js';
import { declaredRoutes, partnerRouteProblems } from './partner-routes.js';

@PartnerController()
class GoodPartnerController {
  @Get()
  partner(): void {}

  @Get('members')
  members(): void {}
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
      },
      {
        name: 'GoodPartnerController.members',
        path: '/api/partners/:partnerSlug/members',
        partnerRoute: true,
        accountCheckDelegated: true,
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
        },
      ]),
    ).toEqual([
      "Sneaky.route (/api/reports): skips the JWT guard's account check outside /api/partners/:partnerSlug",
    ]);
  });
});
