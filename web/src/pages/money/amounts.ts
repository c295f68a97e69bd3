import { currencyFormat } from '../../i18n';

/** The API's "8.50" in the currency's format (zero reads as zero, not "Free"). */
export const amountOf = (amount: string, currency: string) => currencyFormat(currency).format(Number(amount));
export const isZero = (amount: string) => Math.round(Number(amount) * 100) === 0;
