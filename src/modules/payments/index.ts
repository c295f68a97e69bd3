export { PaymentsService } from './payments.service.ts';
export { PayeesService } from './payees.service.ts';
export { PaymentReminders } from './payments.reminders.ts';
export { PaymentReleases } from './payments.releases.ts';
export { Sealer } from './payments.sealing.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { PAYMENTS_ERRORS } from './payments.errors.ts';
export type { PaymentGames } from './payments.ports.ts';
