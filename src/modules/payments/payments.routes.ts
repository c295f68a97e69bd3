import { userRouteSet } from '../../platform/http/route-set.ts';
import type { TypedApp } from '../../platform/http/typed-app.ts';
import { signedIn } from '../access/index.ts';
import { auditActor } from '../audit/index.ts';
import type { PayeesService } from './payees.service.ts';
import { PaymentsApi } from './payments.api.ts';
import { GameIdParams } from './payments.schemas.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  payees: PayeesService;
}

export async function paymentsRoutes(app: TypedApp, { payments, payees }: PaymentsRoutesOptions) {
  const routes = userRouteSet(app, 'payments', signedIn);
  routes.get('/api/v1/games/:id/payments/me', PaymentsApi.own, (request, { userId }) => payments.own(userId, request.params.id));
  routes.post('/api/v1/games/:id/payments/me/claim', PaymentsApi.claim, (request, { userId }) =>
    payments.claim(userId, request.params.id, request.body.reference),
  );
  routes.get('/api/v1/games/:id/ledger', PaymentsApi.ledger, (request, { userId }) => payments.ledger(userId, request.params.id));
  routes.post('/api/v1/games/:id/ledger/:entryId', PaymentsApi.move, (request, { userId }) =>
    payments.move(userId, request.params.id, request.params.entryId, request.body.state, auditActor(request)),
  );
  routes.get('/api/v1/games/:id/payment-rules', PaymentsApi.gameRules, (request, { userId }) => payments.rules(userId, request.params.id));
  routes.put('/api/v1/games/:id/payment-rules', PaymentsApi.rules, (request, { userId }) => payments.setRules(userId, request.params.id, request.body));
  routes.get('/api/v1/me/money', PaymentsApi.mine, (_request, { userId }) => payments.mine(userId));
  routes.get('/api/v1/me/paynow', PaymentsApi.payee, (_request, { userId }) => payees.get(userId));
  routes.put('/api/v1/me/paynow', PaymentsApi.savePayee, (request, { userId }) => payees.save(userId, request.body));
  routes.delete('/api/v1/me/paynow', PaymentsApi.removePayee, (_request, { userId }) => payees.remove(userId));

  app.get(
    '/api/v1/games/:id/ledger.csv',
    {
      schema: {
        tags: ['payments'],
        summary: "The game's ledger as CSV, one row per place (organiser or co-host)",
        params: GameIdParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await payments.ledgerCsv(signedIn(request).userId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${request.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
