import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';

import { paths, routePatterns } from '@/config/paths';

import { HydrateFallback } from './hydrate-fallback';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundPage } from './routes/not-found';

/**
 * The route table. Every screen is its own chunk, loaded by the route's `lazy`; a chunk that fails
 * to load ends in the root error boundary like any other error. The redirects and the 404 screen
 * are not lazy: they have no code worth a round trip, and the 404 screen is also what the error
 * boundary shows, so it is in the main chunk anyway.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback,
    children: [
      {
        path: routePatterns.home,
        // Signed out, for now; the signed-in branches (one partner, several) come with identity.
        element: <Navigate to={paths.signIn()} replace />,
      },
      {
        path: routePatterns.signIn,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/sign-in')).SignInRoute,
        }),
      },
      {
        path: routePatterns.forgotPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/forgot-password')).ForgotPasswordRoute,
        }),
      },
      {
        path: routePatterns.resetPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
        }),
      },
      {
        path: routePatterns.welcome,
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/welcome')).WelcomeRoute,
        }),
      },
      {
        path: routePatterns.partner,
        lazy: async () => {
          const { PartnerLayout, partnerLoader } =
            await import('@/features/partners/routes/partner-layout');
          return { Component: PartnerLayout, loader: partnerLoader };
        },
        children: [
          {
            index: true,
            element: <Navigate to={routePatterns.overview} replace />,
          },
          {
            path: routePatterns.overview,
            lazy: async () => ({
              Component: (await import('@/features/overview/routes/overview')).OverviewRoute,
            }),
          },
          {
            path: routePatterns.analytics,
            lazy: async () => ({
              Component: (await import('@/features/analytics/routes/analytics')).AnalyticsRoute,
            }),
          },
          {
            path: routePatterns.inventory,
            lazy: async () => ({
              Component: (await import('@/features/inventory/routes/inventory')).InventoryRoute,
            }),
          },
          {
            path: routePatterns.inventoryItem,
            lazy: async () => ({
              Component: (await import('@/features/inventory/routes/inventory-item'))
                .InventoryItemRoute,
            }),
          },
          {
            path: routePatterns.claims,
            lazy: async () => ({
              Component: (await import('@/features/claims/routes/claims')).ClaimsRoute,
            }),
          },
          {
            path: routePatterns.claim,
            lazy: async () => ({
              Component: (await import('@/features/claims/routes/claim')).ClaimRoute,
            }),
          },
        ],
      },
      { path: routePatterns.notFound, Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
