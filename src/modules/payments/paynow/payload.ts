import { crc16 } from './crc16.ts';

/**
 * An SGQR / EMVCo merchant-presented payload for PayNow: what a banking app reads from the QR code.
 * Pure: the same request always gives the same text, so tests can compute it by hand.
 */
export interface PayNowRequest {
  /** MOBILE: +65 and eight digits; UEN: the entity number. */
  proxyType: 'MOBILE' | 'UEN';
  proxyValue: string;
  /** Dollars and cents, "8.50"; absent: the payer types the amount. */
  amount?: string;
  /** Whether the payer may change the amount. */
  editable: boolean;
  /** The last day the code may be paid, YYYYMMDD (optional). */
  expiry?: string;
  /** The name the payer's app shows (cut to 25 characters, printable ASCII only). */
  merchantName: string;
  /** The bill reference that comes with the transfer (at most 25 characters). */
  reference: string;
}

/** One field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** EMVCo's "ans" characters: printable ASCII; anything else is dropped, then cut to `max`. */
export function emvText(value: string, max: number): string {
  return value
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

const PROXY_TYPE = { MOBILE: '0', UEN: '2' } as const;

export function payNowPayload(request: PayNowRequest): string {
  const account = [
    field('00', 'SG.PAYNOW'),
    field('01', PROXY_TYPE[request.proxyType]),
    field('02', request.proxyValue),
    field('03', request.editable ? '1' : '0'),
    ...(request.expiry ? [field('04', request.expiry)] : []),
  ].join('');
  const reference = emvText(request.reference, 25);
  const body = [
    field('00', '01'),
    // 12: a code for one payment (its amount is set); 11: a code to pay again and again.
    field('01', request.amount ? '12' : '11'),
    field('26', account),
    field('52', '0000'),
    field('53', '702'),
    ...(request.amount ? [field('54', request.amount)] : []),
    field('58', 'SG'),
    field('59', emvText(request.merchantName, 25) || 'PayNow'),
    field('60', 'Singapore'),
    ...(reference ? [field('62', field('01', reference))] : []),
  ].join('');
  const signed = `${body}6304`;
  return `${signed}${crc16(signed)}`;
}

/** Cents as the payload writes an amount: "8.50". */
export function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
