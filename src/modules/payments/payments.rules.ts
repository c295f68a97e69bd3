/**
 * The states of what a place owes, and who may move it where. DUE when the place is taken; CLAIMED
 * when the player says they paid; PAID, WAIVED or NOT_RECEIVED by a host; REFUND_DUE when money was
 * paid (or said to be) for a place no longer held; REFUNDED by a host; CANCELLED when nothing was
 * paid for a place no longer held (nothing is owed).
 */
export const PAYMENT_STATES = ['DUE', 'CLAIMED', 'PAID', 'WAIVED', 'NOT_RECEIVED', 'REFUND_DUE', 'REFUNDED', 'CANCELLED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a host may set, and from which states: a conditional UPDATE enforces it, so two hosts cannot both win. */
export const HOST_MOVES = {
  PAID: ['DUE', 'CLAIMED', 'NOT_RECEIVED', 'REFUND_DUE'],
  WAIVED: ['DUE', 'CLAIMED', 'NOT_RECEIVED'],
  NOT_RECEIVED: ['CLAIMED', 'PAID'],
  REFUNDED: ['REFUND_DUE'],
} as const satisfies Record<string, readonly PaymentState[]>;
export type HostMove = keyof typeof HOST_MOVES;

/** When the organiser asks players to pay: before the game (reminded the evening before) or after it (the morning after). */
export const PAY_BY = ['BEFORE', 'AFTER'] as const;
export type PayBy = (typeof PAY_BY)[number];

/**
 * How long before the start a place is held for a player still DUE, when the organiser turns the
 * rule on: a few fixed choices, so the deadline is one a player can plan around (and the job's
 * look-ahead is bounded by the largest).
 */
export const RELEASE_HOURS = [2, 6, 12, 24, 48, 72] as const;
export type ReleaseHours = (typeof RELEASE_HOURS)[number];

/** The deadline of a place held for an unpaid player, or null when the rule is off. */
export function releaseDeadline(startTime: Date, hours: number | null): Date | null {
  return hours == null ? null : new Date(startTime.getTime() - hours * 3_600_000);
}

/** The player's "I've paid" moves these. */
export const CLAIMABLE: readonly PaymentState[] = ['DUE', 'NOT_RECEIVED'];
/** Still owed by the player. */
export const OWED: readonly PaymentState[] = ['DUE', 'NOT_RECEIVED'];

/** Price text ("8.5", "8.50") in cents; the column has two decimals at most. */
export function priceCents(price: string): number {
  const [whole = '0', fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The bill reference a transfer carries: identifies game and player to a person reading a bank
 * statement, 18 characters (PayNow allows 25): "G" + the game id's first 8 hex digits + "-" + the player's.
 */
export function billReference(gameId: string, userId: string): string {
  return `G${gameId.replace(/-/g, '').slice(0, 8)}-${userId.replace(/-/g, '').slice(0, 8)}`.toUpperCase();
}

/** A Singapore mobile number in the form PayNow takes (+65 and 8 digits starting 8 or 9), or undefined. */
export function mobileProxy(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '');
  const match = /^(?:\+?65)?([89]\d{7})$/.exec(digits);
  return match ? `+65${match[1]}` : undefined;
}

/** A UEN as ACRA writes them (9 or 10 characters: digits and letters), upper-cased, or undefined. */
export function uenProxy(value: string): string | undefined {
  const uen = value.replace(/\s/g, '').toUpperCase();
  return /^(?:\d{8}[A-Z]|\d{9}[A-Z]|[STR]\d{2}[A-Z]{2}\d{4}[A-Z])$/.test(uen) ? uen : undefined;
}
