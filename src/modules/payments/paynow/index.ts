export { amountText, emvText, payNowPayload, type PayNowRequest } from './payload.ts';
export { crc16 } from './crc16.ts';
