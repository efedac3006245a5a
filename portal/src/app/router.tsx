import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  Navigate,
  redirect,
  useParams,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';

import { routePatterns } from '@/config/paths';
import { isPartnerSlug } from '@/features/partners/partner-slug';
import { createPartnerLoader, isPartnerNotFound } from '@/features/partners/routes/partner-loader';
import { createStaffLoader } from '@/features/staff/routes/staff-loader';
import { landingPath, requireSession } from '@/lib/auth';
import { partnerQueryOptions } from '@/lib/partner';

import { HydrateFallback } from './hydrate-fallback';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundPage } from './routes/not-found';

/** Starts a screen's first requests (its module's `prefetch…`) for a partner and the page's query. */
type Prefetch = (queryClient: QueryClient, partnerSlug: string, search: URLSearchParams) => void;

/**
 * The loader of a screen that starts its first requests and returns at once, so the screen renders
 * while they run and its hooks find them under way. It runs beside the partner's loader (the session,
 * then the partner), so the requests no longer wait for the screen to mount. A path whose slug cannot
 * be a partner's starts nothing: the partner's loader answers it with the not-found screen.
 */
const prefetching =
  (queryClient: QueryClient, prefetch: Prefetch) =>
  ({ params, request }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    if (isPartnerSlug(partnerSlug)) {
      prefetch(queryClient, partnerSlug, new URL(request.url).searchParams);
    }
    return null;
  };

/** Starts a staff screen's first requests (its module's `prefetch…`) for the page's query. */
const prefetchingStaff =
  (
    queryClient: QueryClient,
    prefetch: (queryClient: QueryClient, search: URLSearchParams) => void,
  ) =>
  ({ request }: LoaderFunctionArgs) => {
    prefetch(queryClient, new URL(request.url).searchParams);
    return null;
  };

/**
 * The route table. Every screen is its own chunk, loaded by the route's `lazy`; a chunk that fails
 * to load ends in the root error boundary like any other error. The redirects and the 404 screen
 * are not lazy: they have no code worth a round trip, and the 404 screen is also what the error
 * boundary shows, so it is in the main chunk anyway. Loaders read and fill the query cache, so the
 * screens' hooks find their data there.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback,
    children: [
      {
        path: routePatterns.home,
        // Signed out: sign in. One partner: its overview. Several: the partner picker. Staff: the
        // review queue, or the picker (the queue first) when they belong to partners too.
        loader: async ({ request }) => {
          const session = await requireSession(queryClient, request);
          const landing = landingPath(session);
          return landing === new URL(request.url).pathname ? null : redirect(landing);
        },
        lazy: async () => ({
          Component: (await import('@/features/partners/routes/partner-picker')).PartnerPickerRoute,
        }),
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
        // The staff workspace (docs/product.md §3a): "staff" is a reserved word, never a slug.
        path: routePatterns.staff,
        // Not lazy: the loader runs (/api/me) while the screens' chunks load.
        loader: createStaffLoader(queryClient),
        lazy: async () => ({
          Component: (await import('@/features/staff/routes/staff-layout')).StaffLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => {
              const { QueueRoute, prefetchQueue } = await import('@/features/staff/routes/queue');
              return {
                Component: QueueRoute,
                loader: prefetchingStaff(queryClient, prefetchQueue),
              };
            },
          },
          {
            path: routePatterns.staffPartners,
            lazy: async () => {
              const { StaffPartnersRoute, prefetchPartners } =
                await import('@/features/staff/routes/partners');
              return {
                Component: StaffPartnersRoute,
                loader: prefetchingStaff(queryClient, prefetchPartners),
              };
            },
          },
          {
            path: routePatterns.staffApiKeys,
            lazy: async () => ({
              Component: (await import('@/features/api-keys/routes/api-keys')).StaffApiKeysRoute,
            }),
          },
        ],
      },
      {
        path: routePatterns.partner,
        // Not lazy: the loader runs (/api/me, then the partner) while the screens' chunks load.
        loader: createPartnerLoader(queryClient),
        lazy: async () => {
          const { PartnerLayout, PartnerNotFoundScreen, PartnerPageNotFoundScreen } =
            await import('@/features/partners/routes/partner-layout');
          return {
            Component: PartnerLayout,
            ErrorBoundary: function PartnerErrorBoundary() {
              const error = useRouteError();
              const partnerSlug = useParams().partnerSlug ?? '';
              if (isPartnerNotFound(error)) return <PartnerNotFoundScreen />;
              // A screen's own 404 (an unknown claim or item) of a partner the person sees: inside
              // the partner's shell. (A path that cannot be a partner's has no partner to show.)
              const partnerShown =
                queryClient.getQueryData(partnerQueryOptions(partnerSlug).queryKey) !== undefined;
              if (isRouteErrorResponse(error) && error.status === 404 && partnerShown) {
                return <PartnerPageNotFoundScreen />;
              }
              return <RouteErrorBoundary />;
            },
          };
        },
        children: [
          {
            index: true,
            element: <Navigate to={routePatterns.overview} replace />,
          },
          {
            path: routePatterns.overview,
            lazy: async () => {
              const { OverviewRoute, prefetchOverview } =
                await import('@/features/overview/routes/overview');
              return {
                Component: OverviewRoute,
                loader: prefetching(queryClient, prefetchOverview),
              };
            },
          },
          {
            path: routePatterns.analytics,
            lazy: async () => ({
              Component: (await import('@/features/analytics/routes/analytics')).AnalyticsRoute,
            }),
          },
          {
            path: routePatterns.inventory,
            lazy: async () => {
              const { InventoryRoute, prefetchInventory } =
                await import('@/features/inventory/routes/inventory');
              return {
                Component: InventoryRoute,
                loader: prefetching(queryClient, prefetchInventory),
              };
            },
          },
          {
            path: routePatterns.inventoryItem,
            lazy: async () => {
              const { InventoryItemRoute, createInventoryItemLoader } =
                await import('@/features/inventory/routes/inventory-item');
              // An item the partner does not have is the not-found screen, before anything renders.
              return {
                Component: InventoryItemRoute,
                loader: createInventoryItemLoader(queryClient),
              };
            },
          },
          {
            path: routePatterns.claims,
            lazy: async () => {
              const { ClaimsRoute, prefetchClaims } =
                await import('@/features/claims/routes/claims');
              return { Component: ClaimsRoute, loader: prefetching(queryClient, prefetchClaims) };
            },
          },
          {
            path: routePatterns.claim,
            lazy: async () => {
              const { ClaimRoute, createClaimLoader } =
                await import('@/features/claims/routes/claim');
              // A claim the partner does not have is the not-found screen, before anything renders.
              return { Component: ClaimRoute, loader: createClaimLoader(queryClient) };
            },
          },
          {
            path: routePatterns.members,
            lazy: async () => ({
              Component: (await import('@/features/members/routes/members')).MembersRoute,
            }),
          },
          {
            path: routePatterns.notificationSettings,
            lazy: async () => {
              const { NotificationSettingsRoute, prefetchNotificationSettings } =
                await import('@/features/notifications/routes/notification-settings');
              return {
                Component: NotificationSettingsRoute,
                loader: prefetching(queryClient, (client) => prefetchNotificationSettings(client)),
              };
            },
          },
          {
            // Admins only: the loader answers anyone else with the not-found screen.
            path: routePatterns.apiKeys,
            lazy: async () => {
              const { ApiKeysRoute, createApiKeysLoader } =
                await import('@/features/api-keys/routes/api-keys');
              return { Component: ApiKeysRoute, loader: createApiKeysLoader(queryClient) };
            },
          },
          {
            path: routePatterns.webhooks,
            lazy: async () => {
              const { WebhooksRoute, createWebhooksLoader } =
                await import('@/features/webhooks/routes/webhooks');
              return { Component: WebhooksRoute, loader: createWebhooksLoader(queryClient) };
            },
          },
        ],
      },
      { path: routePatterns.notFound, Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient));

export type AppRouter = ReturnType<typeof createAppRouter>;
