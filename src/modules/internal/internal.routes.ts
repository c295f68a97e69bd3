import type { TypedApp } from '../../platform/http/typed-app.ts';
import { INTERNAL_SECURITY } from '../../platform/http/openapi.ts';
import { Envelope, envelope } from '../../platform/http/envelope.ts';
import { upperCaseEnums } from '../../platform/http/enum-case.ts';
import { internalRouteSet } from '../../platform/http/route-set.ts';
import { Account, UsersApi, presentAccount, type UsersService } from '../users/index.ts';
import { auditActor } from '../audit/index.ts';
import { ProvisionBody } from './internal.schemas.ts';

export interface InternalRoutesOptions {
  users: UsersService;
}

/** Server-to-server operations; the access policy demands X-Internal-Secret for all of them. */
export async function internalRoutes(app: TypedApp, options: InternalRoutesOptions) {
  app.post(
    '/api/v1/internal/users',
    {
      schema: {
        tags: ['internal'],
        security: INTERNAL_SECURITY,
        summary: 'Provision a user by provider identity (idempotent)',
        body: ProvisionBody,
        response: { 200: Envelope(Account), 201: Envelope(Account) },
      },
      preValidation: upperCaseEnums('authProvider'),
    },
    async (request, reply) => {
      const { row, created } = await options.users.provision(request.body);
      reply.code(created ? 201 : 200);
      return envelope(request, presentAccount(row), created ? 'User created' : 'User already existed');
    },
  );

  const routes = internalRouteSet(app, 'internal');

  routes.put('/api/v1/internal/users/:id/roles', UsersApi.setRoles, async (request) =>
    presentAccount(await options.users.setRoles(request.params.id, request.body.roles, auditActor(request))),
  );
}
