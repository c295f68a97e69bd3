import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { amountText, payNowPayload } from './paynow/index.ts';
import { PaymentsRepository } from './payments.repository.ts';
import { mobileProxy, uenProxy } from './payments.rules.ts';
import type { Sealer } from './payments.sealing.ts';

export interface PayeeInput {
  proxyType: 'MOBILE' | 'UEN';
  proxy: string;
  displayName: string;
}

/**
 * An organiser's PayNow details. The proxy (a phone number or UEN) is personal data: sealed before
 * it is stored, opened only for its owner and for the PayNow code of a player who owes them.
 */
export class PayeesService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #sealer: Sealer;

  constructor(deps: { db: Database; clock: Clock; sealer: Sealer }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#sealer = deps.sealer;
  }

  async get(userId: string) {
    const row = await new PaymentsRepository(this.#db).findPayee(userId);
    const proxy = row && this.#sealer.open(row.proxySealed, userId);
    if (!row || proxy === undefined) return null;
    return { proxyType: row.proxyType, proxy, displayName: row.displayName, updatedAt: row.updatedAt.toISOString() };
  }

  async save(userId: string, input: PayeeInput) {
    const proxy = input.proxyType === 'MOBILE' ? mobileProxy(input.proxy) : uenProxy(input.proxy);
    if (!proxy) {
      const what = input.proxyType === 'MOBILE' ? 'a Singapore mobile number: +65 and 8 digits starting with 8 or 9' : 'a UEN such as 201912345K';
      throw badRequest('invalid_paynow_proxy', `The PayNow ${input.proxyType === 'MOBILE' ? 'number' : 'UEN'} must be ${what}.`, [
        { field: 'proxy', location: 'body', message: `must be ${what}` },
      ]);
    }
    await new PaymentsRepository(this.#db).savePayee({
      userId,
      proxyType: input.proxyType,
      proxySealed: this.#sealer.seal(proxy, userId),
      displayName: input.displayName.trim(),
      updatedAt: this.#clock.now(),
    });
    return (await this.get(userId))!;
  }

  async remove(userId: string): Promise<void> {
    await new PaymentsRepository(this.#db).deletePayee(userId);
  }

  /** Account deletion takes the PayNow details with it (and the rows that kept its reminders once-only). */
  async forgetUser(userId: string, executor: Executor): Promise<void> {
    const repository = new PaymentsRepository(executor);
    await repository.deletePayee(userId);
    await repository.forgetReminders(userId);
  }

  /** The PayNow code for exactly `cents`, with the bill reference; undefined when the organiser has no details. */
  async codeFor(organizerId: string, cents: number, reference: string) {
    const payee = await this.get(organizerId);
    if (!payee) return undefined;
    const amount = amountText(cents);
    const payload = payNowPayload({ proxyType: payee.proxyType, proxyValue: payee.proxy, amount, editable: false, merchantName: payee.displayName, reference });
    return { payload, payeeName: payee.displayName, proxyType: payee.proxyType, proxy: payee.proxy, amount };
  }
}
