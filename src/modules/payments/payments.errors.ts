import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';

export const gameNotFound = () => notFound('The game was not found.', 'game_not_found');
export const entryNotFound = () => notFound('There is no such payment in this game.', 'payment_not_found');
export const stateChanged = (state: string) => conflict('payment_state_changed', `This payment is ${state} now, so that change does not apply; look again.`);
export const nothingToClaim = () => conflict('nothing_to_claim', 'You owe nothing in this game right now.');

/** The domain error codes each payments route can answer (the API document and docs/errors.md list them). */
export const PAYMENTS_ERRORS: RouteDocsTable = {
  'GET /api/v1/games/:id/payments/me': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games/:id/payments/me/claim': { errors: { 404: ['game_not_found'], 409: ['nothing_to_claim'] } },
  'GET /api/v1/games/:id/ledger': { errors: { 404: ['game_not_found'] } },
  'GET /api/v1/games/:id/ledger.csv': { errors: { 404: ['game_not_found'] } },
  'POST /api/v1/games/:id/ledger/:entryId': { errors: { 404: ['game_not_found', 'payment_not_found'], 409: ['payment_state_changed'] } },
  'GET /api/v1/games/:id/payment-rules': { errors: { 404: ['game_not_found'] } },
  'PUT /api/v1/games/:id/payment-rules': { errors: { 404: ['game_not_found'] } },
  'PUT /api/v1/me/paynow': { errors: { 400: ['invalid_paynow_proxy'] } },
};
