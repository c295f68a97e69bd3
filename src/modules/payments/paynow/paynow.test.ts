import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsqr from 'jsqr';
import QRCode from 'qrcode';
import { crc16, payNowPayload } from './index.ts';

// jsqr is CommonJS: its module.exports is the function, which also carries itself as `default`.
const jsQR = jsqr.default;

/** CRC-16/CCITT-FALSE bit by bit, straight from its definition (poly 0x1021, init 0xFFFF), not the table the module uses. */
function bitwiseCrc(text: string): number {
  let crc = 0xffff;
  for (const char of text) {
    crc ^= char.charCodeAt(0) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** EMVCo QRCPS-MPM §4.7: each data object is ID (2 digits), length (2 digits), value; read in order until the text ends. */
function tlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    assert.match(id, /^\d{2}$/, `id at ${at}`);
    assert.ok(Number.isInteger(length) && at + 4 + length <= text.length, `length of ${id}`);
    assert.ok(!fields.has(id), `${id} appears once`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

const example = {
  proxyType: 'MOBILE' as const,
  proxyValue: '+6591234567',
  amount: '8.50',
  editable: false,
  merchantName: 'Alex Tan',
  reference: 'G12345678-ABCDEF12',
};

describe('the PayNow payload', () => {
  it('has the checksum of the standard check value ("123456789" → 29B1), and agrees with a bitwise CRC', () => {
    assert.equal(crc16('123456789'), '29B1');
    assert.equal(bitwiseCrc('123456789'), 0x29b1);
    for (const text of ['', 'A', '000201010212', 'SG.PAYNOW+6591234567'])
      assert.equal(crc16(text), bitwiseCrc(text).toString(16).toUpperCase().padStart(4, '0'));
  });

  it('matches a payload written out by hand, field by field', () => {
    const account = '0009SG.PAYNOW' + '01010' + '0211+6591234567' + '03010';
    assert.equal(account.length, 38);
    const body =
      '000201' +
      '010212' +
      `2638${account}` +
      '52040000' +
      '5303702' +
      '54048.50' +
      '5802SG' +
      '5908Alex Tan' +
      '6009Singapore' +
      '6222' +
      '0118G12345678-ABCDEF12' +
      '6304';
    const expected = body + bitwiseCrc(body).toString(16).toUpperCase().padStart(4, '0');
    assert.equal(payNowPayload(example), expected);
  });

  it('decodes back into its fields with a parser written from the EMVCo layout', () => {
    const payload = payNowPayload({ ...example, proxyType: 'UEN', proxyValue: '201912345K', editable: true, expiry: '20261231' });
    const top = tlv(payload);
    assert.deepEqual([...top.keys()], ['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    assert.equal(top.get('00'), '01', 'payload format indicator');
    assert.equal(top.get('01'), '12', 'dynamic: one payment of a set amount');
    assert.equal(top.get('52'), '0000');
    assert.equal(top.get('53'), '702', 'Singapore dollars');
    assert.equal(top.get('54'), '8.50');
    assert.equal(top.get('58'), 'SG');
    assert.equal(top.get('59'), 'Alex Tan');
    assert.equal(top.get('60'), 'Singapore');
    const account = tlv(top.get('26')!);
    assert.deepEqual(Object.fromEntries(account), { '00': 'SG.PAYNOW', '01': '2', '02': '201912345K', '03': '1', '04': '20261231' });
    assert.deepEqual(Object.fromEntries(tlv(top.get('62')!)), { '01': 'G12345678-ABCDEF12' });
    const crc = top.get('63')!;
    assert.equal(
      crc,
      bitwiseCrc(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'),
      'the checksum covers everything up to and including "6304"',
    );
    assert.ok(payload.endsWith(`6304${crc}`));
  });

  it('is static (11) without an amount, and keeps names and references within 25 printable characters', () => {
    const top = tlv(payNowPayload({ ...example, amount: undefined, merchantName: 'Ünïcode Badminton Club of Singapore East', reference: 'x'.repeat(40) }));
    assert.equal(top.get('01'), '11');
    assert.equal(top.has('54'), false);
    assert.equal(top.get('59'), 'ncode Badminton Club of S');
    assert.equal(tlv(top.get('62')!).get('01'), 'x'.repeat(25));
  });

  it('renders as a QR code that reads back to the same payload', () => {
    const payload = payNowPayload(example);
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const scale = 4;
    const margin = 4;
    const side = (qr.modules.size + margin * 2) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const row = Math.floor(y / scale) - margin;
        const col = Math.floor(x / scale) - margin;
        const dark = row >= 0 && col >= 0 && row < qr.modules.size && col < qr.modules.size && qr.modules.get(row, col);
        if (dark) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    const read = jsQR(pixels, side, side);
    assert.equal(read?.data, payload);
  });
});
