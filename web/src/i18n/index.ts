/**
 * Every string the app shows lives in i18n/en/, one file per area; components read them from `t`
 * (t.game.join, t.nav.signOut). Strings with values are functions; counts go through plural().
 * Translating the app means a sibling folder of these files, not touching components.
 */
import { admin } from './en/admin';
import { chat } from './en/chat';
import { common } from './en/common';
import { find } from './en/find';
import { game } from './en/game';
import { gameday } from './en/gameday';
import { host } from './en/host';
import { me } from './en/me';
import { money as moneyTexts } from './en/money';
import { nav } from './en/nav';
import { offline } from './en/offline';
import { push } from './en/push';
import { series } from './en/series';
import { skill } from './en/skill';

export const t = { common, nav, find, game, gameday, host, series, me, admin, push, money: moneyTexts, offline, chat, skill };
export { LOCALE, plural, money, currencyFormat, distance, localDay, dayHeading, timeUntil, andList, moment } from './format';
