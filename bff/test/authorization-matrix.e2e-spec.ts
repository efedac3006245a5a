import { Controller, Get } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuthSecrets } from '../src/common/auth-secrets.js';
import { RefreshSessions } from '../src/auth/tokens/refresh-sessions.js';
import { declaredRoutes } from '../src/partners/guards/partner-routes.js';
import { PartnerController } from '../src/partners/decorators/partner-controller.decorator.js';
import { AuditLog } from '../src/audit/audit-log.entity.js';
import type { ApiKeyScope } from '../src/auth/decorators/scopes.decorator.js';
import { Membership } from '../src/partners/membership.entity.js';
import { Partner } from '../src/partners/partner.entity.js';
import { hashPassword } from '../src/users/password-hash.js';
import { User } from '../src/users/user.entity.js';
import { UsersRepository } from '../src/users/users.repository.js';
import {
  CHEAP_ARGON2,
  ORIGIN,
  accessTokenOf,
  createUser,
  expectNoSecretsInLogs,
  signIn,
  userId,
} from './support/identity.js';
import { insertItems } from './support/inventory.js';
import { evidenceForm, insertAttachment, insertClaim } from './support/claim-fixtures.js';
import { samplePng } from '../src/claims/evidence/evidence-samples.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

type Role = 'anonymous' | 'non-member' | 'viewer' | 'manager' | 'admin' | 'staff';
const ROLES: Role[] = ['anonymous', 'non-member', 'viewer', 'manager', 'admin', 'staff'];

/** Who may use a route, by the spec (docs/product.md §2, docs/api.md). */
type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  /** The staff workspace, /api/staff/*: staff alone (docs/api.md, The staff workspace). */
  | { kind: 'staff' }
  /**
   * Under /api/partners/{slug}: the least member role (null: no member role is enough, staff's
   * alone), and whether staff pass.
   */
  | {
      kind: 'partner';
      role: 'viewer' | 'manager' | 'admin' | null;
      staff: boolean;
      resource?: true;
      /**
       * The role is checked after the resource is found (a claim's changes, docs/api.md: 404 before
       * 403): a foreign resource is a 404 whoever asks.
       */
      roleAfterLookup?: true;
    };

interface Context {
  slug: string;
  /** A member id of the partner the request is aimed at, for routes with :userId. */
  memberOf: (slug: string) => Promise<string>;
  /** An inventory item id of the partner the request is aimed at, for routes with :id. */
  itemOf: (slug: string) => Promise<string>;
  /** A fresh draft claim (version 1, type lost) of the partner, for the claims routes with :id. */
  claimOf: (slug: string) => Promise<string>;
  /** An item of the partner and a loss movement of it. */
  movementOf: (slug: string) => Promise<{ itemId: string; movementId: string }>;
  /** A fresh draft claim of the partner with one evidence file, for :id/attachments/:attachmentId. */
  attachmentOf: (slug: string) => Promise<{ claimId: string; attachmentId: string }>;
  /** A pending invitation of the partner, by one of its admins. */
  invitationOf: (slug: string) => Promise<string>;
  /** An API key of the partner (null: a network key), for the keys' routes with :id. */
  keyOf: (slug: string | null) => Promise<string>;
  /** A webhook endpoint of the partner and one attempt of its delivery log. */
  webhookOf: (slug: string) => Promise<{ endpointId: string; deliveryId: string }>;
}

interface RouteSpec {
  access: Access;
  /** The scope an API key needs (docs/api.md, API keys); none: no key ever reaches the route. */
  scope?: ApiKeyScope;
  request: (context: Context) => Promise<InjectOptions> | InjectOptions;
}

/**
 * THE MATRIX: every route of the application. The test fails when a route is registered that is not
 * here (and when one here is no longer registered).
 */
const MATRIX: Record<string, RouteSpec> = {
  'GET /api/health/live': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/health/live' }),
  },
  'GET /api/health/ready': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/health/ready' }),
  },
  'GET /api/docs': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs' }),
  },
  'GET /api/docs/*': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/swagger-ui.css' }),
  },
  'GET /api/docs/': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/' }),
  },
  'GET /api/docs/LICENSE': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/LICENSE' }),
  },
  'GET /api/docs/docs/*': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/docs/x' }),
  },
  'GET /api/docs/docs/swagger-ui-init.js': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/docs/swagger-ui-init.js' }),
  },
  'GET /api/docs/index.html': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/index.html' }),
  },
  'GET /api/docs/swagger-ui-init.js': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/docs/swagger-ui-init.js' }),
  },
  'GET /api/openapi.json': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/openapi.json' }),
  },
  'GET /*': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/acme-outdoor/overview' }),
  },
  'POST /api/auth/signin': {
    access: { kind: 'public' },
    request: () => ({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'nobody@example.com', password: 'x'.repeat(20) },
    }),
  },
  'POST /api/auth/signout': {
    access: { kind: 'public' },
    request: () => ({ method: 'POST', url: '/api/auth/signout' }),
  },
  'POST /api/auth/refresh': {
    access: { kind: 'public' },
    request: () => ({ method: 'POST', url: '/api/auth/refresh' }),
  },
  'POST /api/auth/forgot-password': {
    access: { kind: 'public' },
    request: () => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    }),
  },
  'POST /api/auth/reset-password': {
    access: { kind: 'public' },
    request: () => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'nope', password: 'x'.repeat(20) },
    }),
  },
  'GET /api/auth/password-resets/:token': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/auth/password-resets/nope' }),
  },
  'GET /api/auth/invitations/:token': {
    access: { kind: 'public' },
    request: () => ({ method: 'GET', url: '/api/auth/invitations/nope' }),
  },
  'POST /api/auth/invitations/:token/accept': {
    access: { kind: 'public' },
    request: () => ({
      method: 'POST',
      url: '/api/auth/invitations/nope/accept',
      payload: { name: 'N', password: 'x'.repeat(20) },
    }),
  },
  'GET /api/me': {
    access: { kind: 'signed-in' },
    request: () => ({ method: 'GET', url: '/api/me' }),
  },
  'GET /api/me/notifications': {
    access: { kind: 'signed-in' },
    request: () => ({ method: 'GET', url: '/api/me/notifications' }),
  },
  // The caller's own partners only: an empty change is allowed to anyone signed in.
  'PUT /api/me/notifications': {
    access: { kind: 'signed-in' },
    request: () => ({ method: 'PUT', url: '/api/me/notifications', payload: { partners: [] } }),
  },
  'POST /api/auth/signout-everywhere': {
    access: { kind: 'signed-in' },
    request: () => ({ method: 'POST', url: '/api/auth/signout-everywhere' }),
  },
  'GET /api/staff/claims': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/claims' }),
  },
  'GET /api/staff/claims.csv': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/claims.csv' }),
  },
  'GET /api/staff/summary': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/summary' }),
  },
  'GET /api/staff/partners': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/partners' }),
  },
  'GET /api/staff/users': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/users' }),
  },
  'GET /api/staff/api-keys': {
    access: { kind: 'staff' },
    request: () => ({ method: 'GET', url: '/api/staff/api-keys' }),
  },
  'POST /api/staff/api-keys': {
    access: { kind: 'staff' },
    request: () => ({
      method: 'POST',
      url: '/api/staff/api-keys',
      payload: { name: 'Matrix service', scopes: ['claims:read'] },
    }),
  },
  'DELETE /api/staff/api-keys/:id': {
    access: { kind: 'staff' },
    request: async ({ keyOf }) => ({
      method: 'DELETE',
      url: `/api/staff/api-keys/${await keyOf(null)}`,
    }),
  },
  'GET /api/partners/:partnerSlug/api-keys': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/api-keys` }),
  },
  'POST /api/partners/:partnerSlug/api-keys': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/api-keys`,
      payload: { name: 'Matrix key', scopes: ['inventory:read'] },
    }),
  },
  'DELETE /api/partners/:partnerSlug/api-keys/:id': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, keyOf }) => ({
      method: 'DELETE',
      url: `/api/partners/${slug}/api-keys/${await keyOf(slug)}`,
    }),
  },
  'GET /api/partners/:partnerSlug': {
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}` }),
  },
  'GET /api/partners/:partnerSlug/members': {
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/members` }),
  },
  'POST /api/partners/:partnerSlug/invitations': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/invitations`,
      payload: { email: `invitee.${randomUUID()}@example.com`, role: 'viewer' },
    }),
  },
  'GET /api/partners/:partnerSlug/invitations': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/invitations` }),
  },
  'DELETE /api/partners/:partnerSlug/invitations/:invitationId': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, invitationOf }) => ({
      method: 'DELETE',
      url: `/api/partners/${slug}/invitations/${await invitationOf(slug)}`,
    }),
  },
  'GET /api/partners/:partnerSlug/webhooks': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/webhooks`,
    }),
  },
  'POST /api/partners/:partnerSlug/webhooks': {
    access: { kind: 'partner', role: 'admin', staff: false },
    request: ({ slug }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/webhooks`,
      payload: { url: 'https://192.0.2.1/hook', events: ['claim.created'] },
    }),
  },
  'PATCH /api/partners/:partnerSlug/webhooks/:id': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'PATCH',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}`,
        payload: { description: 'matrix' },
      };
    },
  },
  'DELETE /api/partners/:partnerSlug/webhooks/:id': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'DELETE',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}`,
      };
    },
  },
  'POST /api/partners/:partnerSlug/webhooks/:id/rotate-secret': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'POST',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}/rotate-secret`,
      };
    },
  },
  'GET /api/partners/:partnerSlug/webhooks/:id/deliveries': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'GET',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}/deliveries`,
      };
    },
  },
  'POST /api/partners/:partnerSlug/webhooks/:id/deliveries/:deliveryId/redeliver': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'POST',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}/deliveries/${webhook.deliveryId}/redeliver`,
      };
    },
  },
  'POST /api/partners/:partnerSlug/webhooks/:id/test': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, webhookOf }) => {
      const webhook = await webhookOf(slug);
      return {
        method: 'POST',
        url: `/api/partners/${slug}/webhooks/${webhook.endpointId}/test`,
      };
    },
  },
  'PATCH /api/partners/:partnerSlug/members/:userId': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, memberOf }) => ({
      method: 'PATCH',
      url: `/api/partners/${slug}/members/${await memberOf(slug)}`,
      payload: { role: 'manager' },
    }),
  },
  'DELETE /api/partners/:partnerSlug/members/:userId': {
    access: { kind: 'partner', role: 'admin', staff: false, resource: true },
    request: async ({ slug, memberOf }) => ({
      method: 'DELETE',
      url: `/api/partners/${slug}/members/${await memberOf(slug)}`,
    }),
  },
  'GET /api/partners/:partnerSlug/inventory': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/inventory` }),
  },
  'GET /api/partners/:partnerSlug/inventory.csv': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/inventory.csv` }),
  },
  'GET /api/partners/:partnerSlug/overview': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/overview` }),
  },
  'GET /api/partners/:partnerSlug/overview/needs-attention': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/overview/needs-attention`,
    }),
  },
  'GET /api/partners/:partnerSlug/inventory/facets': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/inventory/facets` }),
  },
  'GET /api/partners/:partnerSlug/analytics': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/analytics` }),
  },
  'GET /api/partners/:partnerSlug/analytics/top-items': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/analytics/top-items` }),
  },
  'GET /api/partners/:partnerSlug/analytics.csv': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/analytics.csv?series=amount_claimed`,
    }),
  },
  'GET /api/partners/:partnerSlug/inventory/:id': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, itemOf }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/inventory/${await itemOf(slug)}`,
    }),
  },
  'PATCH /api/partners/:partnerSlug/inventory/:id': {
    access: { kind: 'partner', role: 'manager', staff: false, resource: true },
    request: async ({ slug, itemOf }) => ({
      method: 'PATCH',
      url: `/api/partners/${slug}/inventory/${await itemOf(slug)}`,
      payload: { reorderPoint: 7 },
    }),
  },
  'GET /api/partners/:partnerSlug/inventory/:id/movements': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, itemOf }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/inventory/${await itemOf(slug)}/movements`,
    }),
  },
  'POST /api/partners/:partnerSlug/inventory/:id/movements': {
    scope: 'movements:write',
    access: { kind: 'partner', role: null, staff: true, resource: true },
    request: async ({ slug, itemOf }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/inventory/${await itemOf(slug)}/movements`,
      payload: { kind: 'receipt', quantity: 1, reference: 'ASN-MATRIX' },
    }),
  },
  'GET /api/partners/:partnerSlug/inventory/:id/movements/:movementId': {
    scope: 'inventory:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, movementOf }) => {
      const { itemId, movementId } = await movementOf(slug);
      return {
        method: 'GET',
        url: `/api/partners/${slug}/inventory/${itemId}/movements/${movementId}`,
      };
    },
  },
  'GET /api/partners/:partnerSlug/claims': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/claims` }),
  },
  'GET /api/partners/:partnerSlug/claims.csv': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/claims.csv` }),
  },
  'GET /api/partners/:partnerSlug/claims/facets': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true },
    request: ({ slug }) => ({ method: 'GET', url: `/api/partners/${slug}/claims/facets` }),
  },
  'POST /api/partners/:partnerSlug/claims': {
    scope: 'claims:write',
    access: { kind: 'partner', role: 'manager', staff: false },
    request: async ({ slug, itemOf }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/claims`,
      // Of type other: a lost claim needs a loss movement (docs/product.md §4).
      payload: {
        type: 'other',
        itemId: await itemOf(slug),
        quantity: 1,
        incidentDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        description: 'Lost in the matrix.',
      },
    }),
  },
  'GET /api/partners/:partnerSlug/claims/:id': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, claimOf }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}`,
    }),
  },
  'PATCH /api/partners/:partnerSlug/claims/:id': {
    scope: 'claims:write',
    access: {
      kind: 'partner',
      role: 'manager',
      staff: false,
      resource: true,
      roleAfterLookup: true,
    },
    request: async ({ slug, claimOf }) => ({
      method: 'PATCH',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}`,
      headers: { 'if-match': '"1"' },
      payload: { description: 'Edited in the matrix.' },
    }),
  },
  'DELETE /api/partners/:partnerSlug/claims/:id': {
    scope: 'claims:write',
    access: {
      kind: 'partner',
      role: 'manager',
      staff: false,
      resource: true,
      roleAfterLookup: true,
    },
    request: async ({ slug, claimOf }) => ({
      method: 'DELETE',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}`,
      headers: { 'if-match': '"1"' },
    }),
  },
  // Per lifecycle (docs/product.md §4); the matrix sends submit: managers and admins.
  'POST /api/partners/:partnerSlug/claims/:id/transitions': {
    scope: 'claims:write',
    access: {
      kind: 'partner',
      role: 'manager',
      staff: false,
      resource: true,
      roleAfterLookup: true,
    },
    request: async ({ slug, claimOf }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}/transitions`,
      headers: { 'if-match': '"1"' },
      payload: { action: 'submit' },
    }),
  },
  'GET /api/partners/:partnerSlug/claims/:id/events': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, claimOf }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}/events`,
    }),
  },
  'POST /api/partners/:partnerSlug/claims/:id/events': {
    scope: 'claims:write',
    access: { kind: 'partner', role: 'manager', staff: true, resource: true },
    request: async ({ slug, claimOf }) => ({
      method: 'POST',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}/events`,
      payload: { body: 'A comment from the matrix.' },
    }),
  },
  'PUT /api/partners/:partnerSlug/claims/:id/assignee': {
    access: { kind: 'partner', role: null, staff: true, resource: true },
    request: async ({ slug, claimOf }) => ({
      method: 'PUT',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}/assignee`,
      payload: { userId: null },
    }),
  },
  'POST /api/partners/:partnerSlug/claims/:id/attachments': {
    scope: 'claims:write',
    access: { kind: 'partner', role: 'manager', staff: false, resource: true },
    request: async ({ slug, claimOf }) => {
      const form = evidenceForm('matrix.png', samplePng());
      return {
        method: 'POST',
        url: `/api/partners/${slug}/claims/${await claimOf(slug)}/attachments`,
        headers: form.headers,
        payload: form.payload,
      };
    },
  },
  'GET /api/partners/:partnerSlug/claims/:id/attachments': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, claimOf }) => ({
      method: 'GET',
      url: `/api/partners/${slug}/claims/${await claimOf(slug)}/attachments`,
    }),
  },
  'GET /api/partners/:partnerSlug/claims/:id/attachments/:attachmentId': {
    scope: 'claims:read',
    access: { kind: 'partner', role: 'viewer', staff: true, resource: true },
    request: async ({ slug, attachmentOf }) => {
      const { claimId, attachmentId } = await attachmentOf(slug);
      return {
        method: 'GET',
        url: `/api/partners/${slug}/claims/${claimId}/attachments/${attachmentId}`,
      };
    },
  },
  'DELETE /api/partners/:partnerSlug/claims/:id/attachments/:attachmentId': {
    scope: 'claims:write',
    access: { kind: 'partner', role: 'manager', staff: false, resource: true },
    request: async ({ slug, attachmentOf }) => {
      const { claimId, attachmentId } = await attachmentOf(slug);
      return {
        method: 'DELETE',
        url: `/api/partners/${slug}/claims/${claimId}/attachments/${attachmentId}`,
      };
    },
  },
};

const OWN = 'acme-outdoor';
const OTHER = 'northwind';
const RANK = { viewer: 1, manager: 2, admin: 3 } as const;

type KeyState = 'active' | 'revoked' | 'expired';

/** The key column: a partner key of each scope, a network key of each, and keys that must not pass. */
interface KeyPrincipal {
  name: string;
  /** The key's partner; null: a network key. */
  slug: string | null;
  scopes: readonly ApiKeyScope[];
  state: KeyState;
}
const PARTNER_SCOPES: readonly ApiKeyScope[] = ['inventory:read', 'claims:read', 'claims:write'];
const KEYS: KeyPrincipal[] = [
  ...PARTNER_SCOPES.map((scope) => ({
    name: `partner ${scope}`,
    slug: OWN,
    scopes: [scope],
    state: 'active' as const,
  })),
  ...(['movements:write', 'claims:read'] as const).map((scope) => ({
    name: `network ${scope}`,
    slug: null,
    scopes: [scope],
    state: 'active' as const,
  })),
  { name: 'partner, every scope, revoked', slug: OWN, scopes: PARTNER_SCOPES, state: 'revoked' },
  { name: 'partner, every scope, expired', slug: OWN, scopes: PARTNER_SCOPES, state: 'expired' },
  {
    name: 'network, every scope, revoked',
    slug: null,
    scopes: ['movements:write', 'claims:read'],
    state: 'revoked',
  },
  { name: 'another partner’s, every scope', slug: OTHER, scopes: PARTNER_SCOPES, state: 'active' },
];

/**
 * What a key gets (docs/api.md, API keys): public routes as anyone; 401 when revoked or expired; no
 * route outside the partner routes; a partner key only on its partner (else 404, like a non-member);
 * then exactly the routes of its scopes (else 403 `insufficient_scope`).
 */
function expectedForKey(spec: RouteSpec, key: KeyPrincipal, slug: string): Outcome {
  if (spec.access.kind === 'public') return 'ok';
  if (key.state !== 'active') return 401;
  if (spec.access.kind !== 'partner') return 403;
  if (key.slug !== null && key.slug !== slug) return 404;
  return spec.scope !== undefined && key.scopes.includes(spec.scope) ? 'ok' : 403;
}

type Outcome = 'ok' | 401 | 403 | 404;

function expected(access: Access, role: Role, slug: string): Outcome {
  if (access.kind === 'public') return 'ok';
  if (role === 'anonymous') return 401;
  if (access.kind === 'signed-in') return 'ok';
  if (access.kind === 'staff') return role === 'staff' ? 'ok' : 403;
  if (role === 'staff') return access.staff ? 'ok' : 403;
  if (role === 'non-member' || slug !== OWN) return 404;
  return access.role !== null && RANK[role] >= RANK[access.role] ? 'ok' : 403;
}

function outcomeOf(response: LightMyRequestResponse, access?: Access): Outcome | number {
  // A public route may refuse for its own reasons (bad credentials, unknown token), never for access.
  if (access?.kind === 'public') return response.statusCode === 403 ? 403 : 'ok';
  if (response.statusCode < 400) return 'ok';
  if ([401, 403, 404].includes(response.statusCode)) return response.statusCode as Outcome;
  return response.statusCode;
}

describe('the authorization matrix', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  const emails: Record<Exclude<Role, 'anonymous'>, string> = {
    'non-member': 'nobody-member@example.com',
    viewer: 'viewer@acme.example',
    manager: 'manager@acme.example',
    admin: 'admin@acme.example',
    staff: 'staff@portal.example',
  };
  let cheapHash: string;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    dataSource = api.app.get(DataSource);
    cheapHash = await hashPassword('portal-demo-passphrase', { memoryCost: 64, timeCost: 1 });
    await createUser(dataSource, emails['non-member'], cheapHash);
  });

  afterAll(async () => {
    if (api !== undefined) expectNoSecretsInLogs(api);
    await api?.close();
    await database?.stop();
  });

  /** A fresh bearer token, of the user's current credential generation. */
  async function bearer(role: Exclude<Role, 'anonymous'>): Promise<string> {
    const user = await api.app.get(UsersRepository).findByEmail(emails[role]);
    if (user === undefined) throw new Error(role);
    return accessTokenOf(api, user);
  }

  async function memberOf(slug: string): Promise<string> {
    return createUser(dataSource, `member.${randomUUID()}@example.com`, cheapHash, [
      { slug, role: 'viewer' },
    ]);
  }

  async function itemOf(slug: string): Promise<string> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    const [item] = await insertItems(dataSource, partner.id, [
      { sku: `MATRIX-${randomUUID()}`, onHand: 5 },
    ]);
    if (item === undefined) throw new Error('no item');
    return item.id;
  }

  async function movementOf(slug: string): Promise<{ itemId: string; movementId: string }> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    const itemId = await itemOf(slug);
    const rows = (await dataSource.query(
      `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
       VALUES ($1, $2, 'loss', -1, now()) RETURNING id`,
      [partner.id, itemId],
    )) as Array<{ id: string }>;
    return { itemId, movementId: rows[0]?.id ?? '' };
  }

  async function claimOf(slug: string): Promise<string> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    return (await insertClaim(dataSource, partner.id)).id;
  }

  async function attachmentOf(slug: string): Promise<{ claimId: string; attachmentId: string }> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    const claimId = (await insertClaim(dataSource, partner.id)).id;
    const attachmentId = await insertAttachment(dataSource, partner.id, claimId, {
      content: samplePng(),
    });
    return { claimId, attachmentId };
  }

  async function invitationOf(slug: string): Promise<string> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    const rows = (await dataSource.query(
      `INSERT INTO invitations (partner_id, email, role, token_hash, invited_by_user_id, created_at, expires_at)
       SELECT $1, $2, 'viewer', $3, m.user_id, now(), now() + interval '7 days'
         FROM memberships m WHERE m.partner_id = $1 AND m.role = 'admin' LIMIT 1
       RETURNING id`,
      [partner.id, `invitee.${randomUUID()}@example.com`, randomUUID().replaceAll('-', '')],
    )) as Array<{ id: string }>;
    if (rows[0] === undefined) throw new Error(`no admin of ${slug} to invite`);
    return rows[0].id;
  }

  /** A key's row with a token of its own (made here, not through the API under test). */
  async function insertKey(
    slug: string | null,
    scopes: readonly ApiKeyScope[],
    state: KeyState = 'active',
  ): Promise<{ id: string; token: string }> {
    const partnerId =
      slug === null ? null : (await dataSource.getRepository(Partner).findOneByOrFail({ slug })).id;
    const token = `ppk_${randomBytes(32).toString('base64url')}`;
    api.secrets.add(token);
    const rows = (await dataSource.query(
      `INSERT INTO api_keys (partner_id, kind, name, scopes, token_hash, prefix, created_at,
         expires_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() - interval '1 day',
         now() + ($7 || ' days')::interval, $8)
       RETURNING id`,
      [
        partnerId,
        slug === null ? 'network' : 'partner',
        `matrix ${state}`,
        scopes,
        createHash('sha256').update(token).digest('hex'),
        token.slice(0, 8),
        state === 'expired' ? '-1' : '30',
        state === 'revoked' ? new Date() : null,
      ],
    )) as Array<{ id: string }>;
    if (rows[0] === undefined) throw new Error('no key');
    return { id: rows[0].id, token };
  }

  async function keyOf(slug: string | null): Promise<string> {
    return (await insertKey(slug, slug === null ? ['claims:read'] : ['inventory:read'])).id;
  }

  async function webhookOf(slug: string): Promise<{ endpointId: string; deliveryId: string }> {
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
    // A documentation address: an attempt the worker makes is refused at once, nothing leaves.
    const rows = (await dataSource.query(
      `WITH endpoint AS (
         INSERT INTO webhook_endpoints (partner_id, url, events, enabled, secret, created_at, updated_at)
         VALUES ($1, 'https://192.0.2.1/hook', '{claim.created}', true, $2, now(), now()) RETURNING id),
       event AS (
         INSERT INTO webhook_events (partner_id, type, body, created_at)
         VALUES ($1, 'webhook.test', '{}', now()) RETURNING id)
       INSERT INTO webhook_deliveries (partner_id, endpoint_id, event_id, attempt, status, created_at)
       SELECT $1, endpoint.id, event.id, 1, 'succeeded', now() FROM endpoint, event
       RETURNING endpoint_id, id`,
      [partner.id, `whsec_${Buffer.alloc(32, 1).toString('base64')}`],
    )) as Array<{ endpoint_id: string; id: string }>;
    if (rows[0] === undefined) throw new Error(`no webhook of ${slug}`);
    return { endpointId: rows[0].endpoint_id, deliveryId: rows[0].id };
  }

  const resources = {
    memberOf,
    itemOf,
    claimOf,
    movementOf,
    attachmentOf,
    invitationOf,
    webhookOf,
    keyOf,
  };

  it('names every registered route, and only those', () => {
    const registered = [...new Set(api.routes)].sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  it('leaves the account check to the partner guard on the partner routes alone', () => {
    const routes = api.app
      .get(DiscoveryService)
      .getControllers()
      .flatMap((wrapper) => {
        const controller = wrapper.metatype as { name: string; prototype: object } | null;
        return controller === null ? [] : declaredRoutes(controller);
      });
    const delegated = routes.filter((route) => route.accountCheckDelegated).map((r) => r.path);
    const partnerRoutes = Object.entries(MATRIX)
      .filter(([, spec]) => spec.access.kind === 'partner')
      .map(([route]) => route.split(' ')[1]);
    expect(routes.length).toBeGreaterThanOrEqual(14);
    expect([...new Set(delegated)].sort()).toEqual([...new Set(partnerRoutes)].sort());
  });

  it('answers every route × role × partner as the spec says: 0 mismatches', async () => {
    const mismatches: string[] = [];
    for (const [route, spec] of Object.entries(MATRIX)) {
      for (const role of ROLES) {
        for (const slug of spec.access.kind === 'partner' ? [OWN, OTHER] : [OWN]) {
          const request = await spec.request({ slug, ...resources });
          const headers = { ...(request.headers ?? {}) } as Record<string, string>;
          if (role !== 'anonymous') headers.authorization = `Bearer ${await bearer(role)}`;
          const response = await api.request({
            ...request,
            headers,
            remoteAddress: `10.1.${ROLES.indexOf(role)}.${Math.floor(Math.random() * 250)}`,
          });
          const want = expected(spec.access, role, slug);
          const got = outcomeOf(response, spec.access);
          if (got !== want)
            mismatches.push(
              `${route} as ${role} on ${slug}: want ${want}, got ${got} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000); // every route × role × partner, one request each: minutes on a loaded 2-core machine

  it('answers every route × API key × partner as the scopes say: 0 mismatches', async () => {
    const tokens = new Map<string, string>();
    for (const key of KEYS) {
      tokens.set(key.name, (await insertKey(key.slug, key.scopes, key.state)).token);
    }
    const mismatches: string[] = [];
    for (const [route, spec] of Object.entries(MATRIX)) {
      for (const key of KEYS) {
        for (const slug of spec.access.kind === 'partner' ? [OWN, OTHER] : [OWN]) {
          const request = await spec.request({ slug, ...resources });
          const response = await api.request({
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${tokens.get(key.name)}` },
          });
          const want = expectedForKey(spec, key, slug);
          let got: Outcome | number | string = outcomeOf(response, spec.access);
          // A key's refusal for its scopes says so; any other 403 is not the key column's.
          if (got === 403 && spec.access.kind !== 'public') {
            const code = response.json<{ code: string }>().code;
            if (code !== 'insufficient_scope') got = `403 ${code}`;
          }
          if (got !== want)
            mismatches.push(
              `${route} with ${key.name} on ${slug}: want ${want}, got ${got} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000); // every route × key × partner, one request each

  it('refuses every staff action to staff who are members of the claim’s partner: 403 separation_of_duties', async () => {
    // docs/product.md §4, separation of duties: the matrix's staff account decides; the same flag on a
    // member of the partner (any role) does not.
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug: OWN });
    const memberStaff: Record<string, string> = {};
    for (const role of ['viewer', 'manager', 'admin'] as const) {
      const email = `staff-member.${role}.${randomUUID()}@example.com`;
      await createUser(dataSource, email, cheapHash, [{ slug: OWN, role }], { isStaff: true });
      const user = await api.app.get(UsersRepository).findByEmail(email);
      if (user === undefined) throw new Error(email);
      memberStaff[role] = await accessTokenOf(api, user);
    }
    const actions = [
      { action: 'start_review', from: 'submitted' },
      { action: 'request_info', from: 'in_review', message: 'Which pallet?' },
      { action: 'approve', from: 'in_review', amountApproved: 1 },
      { action: 'reject', from: 'in_review', message: 'Not covered.' },
      { action: 'mark_paid', from: 'approved', payoutReference: 'PAY-MATRIX' },
    ] as const;
    const mismatches: string[] = [];
    for (const { from, ...payload } of actions) {
      for (const [who, token] of [
        ...Object.entries(memberStaff),
        ['staff', await bearer('staff')],
      ]) {
        const claim = await insertClaim(dataSource, partner.id, { status: from });
        // What the caller is offered before it acts.
        const seen = await api.request({
          url: `/api/partners/${OWN}/claims/${claim.id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const response = await api.request({
          method: 'POST',
          url: `/api/partners/${OWN}/claims/${claim.id}/transitions`,
          headers: { authorization: `Bearer ${token}`, 'if-match': '"1"' },
          payload,
        });
        const listed = seen.json<{ allowedActions: string[] }>().allowedActions;
        const barred = who !== 'staff';
        const refused =
          response.statusCode === 403 &&
          response.json<{ code: string }>().code === 'separation_of_duties';
        if (barred !== refused || barred === listed.includes(payload.action)) {
          mismatches.push(
            `${payload.action} as ${who}: ${response.statusCode} ${response.body.slice(0, 80)}; allowed ${listed.join(',')}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers 404 for a resource of the other partner reached through the own slug, for its admin too', async () => {
    const mismatches: string[] = [];
    const foreignMember = await memberOf(OTHER);
    const foreignItem = await itemOf(OTHER);
    const foreignClaim = await claimOf(OTHER);
    const foreignMovement = await movementOf(OTHER);
    const foreignAttachment = await attachmentOf(OTHER);
    const foreignInvitation = await invitationOf(OTHER);
    const foreignKey = await keyOf(OTHER);
    const foreignWebhook = await webhookOf(OTHER);
    for (const [route, spec] of Object.entries(MATRIX)) {
      if (spec.access.kind !== 'partner' || spec.access.resource !== true) continue;
      for (const role of ['admin', 'staff'] as const) {
        const request = await spec.request({
          slug: OWN,
          memberOf: async () => foreignMember,
          itemOf: async () => foreignItem,
          claimOf: async () => foreignClaim,
          // The own item, the other partner's movement: still not found.
          movementOf: async () => ({
            itemId: await itemOf(OWN),
            movementId: foreignMovement.movementId,
          }),
          attachmentOf: async () => foreignAttachment,
          invitationOf: async () => foreignInvitation,
          keyOf: async () => foreignKey,
          webhookOf: async () => foreignWebhook,
        });
        const response = await api.request({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${await bearer(role)}` },
        });
        // The role passes the route's rule (its own slug): the foreign resource is then not found.
        const allowed =
          expected(spec.access, role, OWN) === 'ok' || spec.access.roleAfterLookup === true;
        const want = allowed ? 404 : 403;
        if (response.statusCode !== want)
          mismatches.push(`${route} as ${role}: ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
    const still = await dataSource
      .getRepository(Membership)
      .find({ where: { userId: foreignMember }, relations: { partner: true } });
    expect(still.map(({ partner, role }) => ({ slug: partner?.slug, role }))).toEqual([
      { slug: OTHER, role: 'viewer' },
    ]);
  });

  it('gives "no such partner" and "not a member" the same body', async () => {
    const token = await bearer('viewer');
    const unknown = await api.request({
      url: '/api/partners/no-such-partner',
      headers: { authorization: `Bearer ${token}` },
    });
    const foreign = await api.request({
      url: `/api/partners/${OTHER}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const strip = (response: LightMyRequestResponse) => ({
      ...response.json<Record<string, unknown>>(),
      requestId: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(strip(unknown)).toEqual(strip(foreign));
  });

  it('audits every staff access to a partner', async () => {
    const staffId = await userId(dataSource, emails.staff);
    const other = await dataSource.getRepository(Partner).findOneByOrFail({ slug: OTHER });
    const staffAccesses = () =>
      dataSource.getRepository(AuditLog).countBy({
        partnerId: other.id,
        actorUserId: staffId,
        action: 'partner.staff_access',
      });
    const before = await staffAccesses();
    const response = await api.request({
      url: `/api/partners/${OTHER}/members`,
      headers: { authorization: `Bearer ${await bearer('staff')}` },
    });
    const after = await staffAccesses();
    expect(response.statusCode).toBe(200);
    expect(after - before).toBe(1);
  });

  it('applies a role change and a removal at once', async () => {
    const email = `promoted.${randomUUID()}@example.com`;
    const id = await createUser(dataSource, email, cheapHash, [{ slug: OWN, role: 'viewer' }]);
    const session = await signIn(api, email, 'portal-demo-passphrase');
    const admin = await bearer('admin');
    const invite = () =>
      api.request({
        method: 'POST',
        url: `/api/partners/${OWN}/invitations`,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        payload: { email: `x.${randomUUID()}@example.com`, role: 'viewer' },
      });
    expect((await invite()).statusCode).toBe(403);
    await api.request({
      method: 'PATCH',
      url: `/api/partners/${OWN}/members/${id}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { role: 'admin' },
    });
    expect((await invite()).statusCode).toBe(201);
    await api.request({
      method: 'DELETE',
      url: `/api/partners/${OWN}/members/${id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await invite()).statusCode).toBe(404);
  });

  describe('CSRF, on every state-changing route (enumerated at run time)', () => {
    const unsafe = () => api.routes.filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));

    it('refuses a cookie-authenticated request without the token', async () => {
      const failures: string[] = [];
      for (const route of unsafe()) {
        const spec = MATRIX[route];
        if (spec === undefined) throw new Error(`${route} is not in the matrix`);
        const session = await signIn(api, emails.admin, 'portal-demo-passphrase');
        const request = await spec.request({ slug: OWN, ...resources });
        const response = await api.request({
          ...request,
          headers: { ...request.headers, cookie: session.cookie },
        });
        const publicWithoutSession =
          spec.access.kind === 'public' &&
          !['POST /api/auth/signout', 'POST /api/auth/refresh'].includes(route);
        if (publicWithoutSession) continue;
        if (response.statusCode !== 403 || response.json<{ code: string }>().code !== 'csrf') {
          failures.push(`${route}: ${response.statusCode}`);
        }
      }
      expect(unsafe().length).toBeGreaterThanOrEqual(9);
      expect(failures).toEqual([]);
    });

    it('runs before the partner guard: a non-member without the token gets 403 csrf, not 404', async () => {
      const session = await signIn(api, emails['non-member'], 'portal-demo-passphrase');
      const response = await api.request({
        method: 'POST',
        url: `/api/partners/${OWN}/invitations`,
        headers: { cookie: session.cookie },
        payload: { email: `x.${randomUUID()}@example.com`, role: 'viewer' },
      });
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([403, 'csrf']);
    });

    it('refuses Sec-Fetch-Site: cross-site and a foreign Origin, even with the token, and on sign-in', async () => {
      const failures: string[] = [];
      for (const route of unsafe()) {
        const spec = MATRIX[route];
        if (spec === undefined) throw new Error(`${route} is not in the matrix`);
        for (const extra of [
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'https://evil.example' },
        ]) {
          const session = await signIn(api, emails.admin, 'portal-demo-passphrase');
          const request = await spec.request({ slug: OWN, ...resources });
          const response = await api.request({
            ...request,
            headers: {
              ...request.headers,
              cookie: session.cookie,
              'x-csrf-token': session.csrf,
              ...extra,
            },
          });
          if (response.statusCode !== 403 || response.json<{ code: string }>().code !== 'csrf') {
            failures.push(`${route} ${Object.keys(extra)[0]}: ${response.statusCode}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('accepts the same cookie request with the token from the own origin, and a bearer one without', async () => {
      const session = await signIn(api, emails.admin, 'portal-demo-passphrase');
      const payload = { email: `ok.${randomUUID()}@example.com`, role: 'viewer' };
      const withToken = await api.request({
        method: 'POST',
        url: `/api/partners/${OWN}/invitations`,
        headers: {
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          origin: ORIGIN,
          'sec-fetch-site': 'same-origin',
        },
        payload,
      });
      const wrongToken = await api.request({
        method: 'POST',
        url: `/api/partners/${OWN}/invitations`,
        headers: {
          cookie: `${session.cookie.replace(/csrf=[^;]*/, 'csrf=forged')}`,
          'x-csrf-token': 'forged',
        },
        payload,
      });
      const bearerOnly = await api.request({
        method: 'POST',
        url: `/api/partners/${OWN}/invitations`,
        headers: { authorization: `Bearer ${await bearer('admin')}` },
        payload: { ...payload, email: `b.${randomUUID()}@example.com` },
      });
      expect([withToken.statusCode, wrongToken.statusCode, bearerOnly.statusCode]).toEqual([
        201, 403, 201,
      ]);
    });
  });

  it('refuses forged and stale tokens on every protected route', async () => {
    const secrets = api.app.get(AuthSecrets);
    const viewer = await api.app.get(UsersRepository).findByEmail(emails.viewer);
    if (viewer === undefined) throw new Error('no viewer');
    // The viewer's current generation: the CSRF tests may have signed them out everywhere.
    const gen = viewer.credentialGeneration;
    const now = Math.floor(Date.now() / 1000);
    // A session the BFF issued to the viewer: a token of any other `sid` is refused (docs/api.md).
    const session = await api.app.get(RefreshSessions).start(viewer.id, gen);
    if (session === undefined) throw new Error('no session for the viewer');
    const claims = {
      sub: viewer.id,
      sid: session?.sessionId,
      gen,
      iss: ORIGIN,
      aud: `${ORIGIN}/api`,
      iat: now,
      exp: now + 600,
    };
    const sign = (
      payload: object,
      key: jwt.Secret = secrets.jwtKey,
      algorithm: jwt.Algorithm = 'HS256',
    ) => jwt.sign(payload, key, { algorithm });
    const valid = sign(claims);
    const [header, body] = valid.split('.');
    const unsigned = (alg: string) =>
      `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${body}.`;
    const { privateKey } = await import('node:crypto').then((crypto) =>
      crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
    );
    const disabledId = await createUser(
      dataSource,
      `disabled.${randomUUID()}@example.com`,
      cheapHash,
      [{ slug: OWN, role: 'admin' }],
      { status: 'disabled' },
    );
    const resetId = await createUser(dataSource, `reset.${randomUUID()}@example.com`, cheapHash, [
      { slug: OWN, role: 'admin' },
    ]);
    await dataSource.getRepository(User).update({ id: resetId }, { credentialGeneration: 1 });

    const forged: Record<string, string> = {
      'alg none': unsigned('none'),
      HS512: sign(claims, Buffer.from(secrets.jwtKey.export()), 'HS512'),
      RS256: jwt.sign(claims, privateKey, { algorithm: 'RS256' }),
      'tampered signature': `${header}.${body}.${'A'.repeat(43)}`,
      'tampered payload': `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${valid.split('.')[2]}`,
      'wrong key': sign(claims, Buffer.alloc(32, 7)),
      expired: sign({ ...claims, iat: now - 1000, exp: now - 100 }),
      'not yet valid': sign({ ...claims, nbf: now + 600 }),
      'wrong audience': sign({ ...claims, aud: 'https://elsewhere.example/api' }),
      'wrong issuer': sign({ ...claims, iss: 'https://elsewhere.example' }),
      'disabled user': sign({ ...claims, sub: disabledId }),
      'issued before sign-out everywhere or reset': sign({ ...claims, sub: resetId, gen: 0 }),
      'a generation the user never had': sign({ ...claims, gen: gen + 1 }),
      'no credential generation': sign({ ...claims, gen: undefined }),
      'a credential generation that is no integer': sign({ ...claims, gen: '0' }),
    };
    expect(
      outcomeOf(
        await api.request({ url: '/api/me', headers: { authorization: `Bearer ${valid}` } }),
      ),
    ).toBe('ok');

    const protectedRoutes = Object.entries(MATRIX).filter(
      ([, spec]) => spec.access.kind !== 'public',
    );
    const failures: string[] = [];
    for (const [route, spec] of protectedRoutes) {
      for (const [what, token] of Object.entries(forged)) {
        const request = await spec.request({ slug: OWN, ...resources });
        // As a browser would send it: the cookie with its session's CSRF token.
        const csrf = secrets.csrfTokenFor(claims.sid);
        const cookie = { cookie: `pp_access=${token}; csrf=${csrf}`, 'x-csrf-token': csrf };
        for (const headers of [{ authorization: `Bearer ${token}` }, cookie]) {
          const response = await api.request({
            ...request,
            headers: { ...request.headers, ...headers },
          });
          if (response.statusCode !== 401)
            failures.push(
              `${route} with ${what} (${Object.keys(headers)[0]}): ${response.statusCode}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Exist only in this test: partner-looking routes that would escape the partner guard. */
@Controller('api/partners')
class PartnerListWithoutSlugController {
  @Get('export')
  export(): string {
    return 'every partner';
  }
}

// A path of its own: the claims routes exist now, and Fastify would refuse a second GET of theirs.
@Controller('api/partners/:partnerSlug/undeclared')
class UndeclaredPartnerController {
  @Get()
  undeclared(): string {
    return 'undeclared';
  }
}

/** A partner route that says nothing of what an API key needs there. */
@PartnerController('unscoped')
class UnscopedPartnerController {
  @Get()
  unscoped(): string {
    return 'unscoped';
  }
}

describe('a route under /api/partners/ that the partner guard would not cover', () => {
  for (const controller of [
    PartnerListWithoutSlugController,
    UndeclaredPartnerController,
    UnscopedPartnerController,
  ]) {
    it(`refuses to start: ${controller.name}`, async () => {
      const database = await startTestDatabase();
      try {
        await expect(
          startTestApp({
            databaseUrl: database.url,
            env: CHEAP_ARGON2,
            testControllers: [controller],
          }),
        ).rejects.toThrow(/must be @PartnerController\(\) routes with :partnerSlug/);
      } finally {
        await database.stop();
      }
    });
  }
});
