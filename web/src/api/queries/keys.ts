/**
 * Every query key of the app, one keys object per resource; each resource's file re-exports its own.
 * Apart from the query factories because the first screen (the session, the live stream's
 * invalidations) needs the keys alone: the factories come with the pages that read.
 */
import type { AuditFilters } from './admin';
import type { ListingQuery } from './games';
import type { MyGamesTab } from './my-games';
import type { MemberKind } from './series';

export const gameKeys = {
  all: ['game'] as const,
  detail: (id: string) => ['game', id] as const,
  participants: (id: string) => ['game', id, 'participants'] as const,
  gameDay: (id: string) => ['game', id, 'game-day'] as const,
  attendance: (id: string) => ['game', id, 'attendance'] as const,
  ratings: (id: string) => ['game', id, 'ratings'] as const,
  joinRequests: (id: string) => ['game', id, 'join-requests'] as const,
  reliability: (id: string, userId: string) => ['game', id, 'reliability', userId] as const,
  coHosts: (id: string) => ['game', id, 'co-hosts'] as const,
  shareLink: (id: string) => ['game', id, 'share-link'] as const,
  ledger: (id: string) => ['game', id, 'ledger'] as const,
  paymentRules: (id: string) => ['game', id, 'payment-rules'] as const,
  ownPayment: (id: string) => ['game', id, 'payment'] as const,
};

/** The listings: Find's and the admins'. */
export const gameListKeys = {
  all: ['games'] as const,
  find: (query: ListingQuery) => ['games', query] as const,
  admin: (activityId: string | undefined, includePast: boolean) => ['games', 'admin', activityId, includePast] as const,
};

export const seriesKeys = {
  all: ['series'] as const,
  mine: ['series', 'mine'] as const,
  detail: (id: string) => ['series', id] as const,
  occurrences: (id: string) => ['series', id, 'occurrences'] as const,
  members: (id: string, kind: MemberKind) => ['series', id, kind] as const,
  paymentRules: (id: string) => ['series', id, 'payment-rules'] as const,
};

export const activityKeys = {
  all: ['activities'] as const,
  detail: (id: string) => ['activities', id] as const,
};

export const venueKeys = {
  all: ['venues'] as const,
  /** '' for every venue. */
  forActivity: (activityId: string) => ['venues', activityId] as const,
  admin: (search: string) => ['venues', 'admin', search] as const,
};

export const chatKeys = {
  all: ['chat'] as const,
  game: (gameId: string) => ['chat', gameId] as const,
  messages: (gameId: string) => ['chat', gameId, 'messages'] as const,
  unread: ['chat-unread'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['unread'] as const,
  game: (gameId: string) => ['notification-game', gameId] as const,
};

export const meKeys = {
  all: ['me'] as const,
  paynow: ['me', 'paynow'] as const,
  money: ['me', 'money'] as const,
  invitations: ['invitations'] as const,
  reliability: ['reliability'] as const,
  preferences: ['notification-preferences'] as const,
  skillRatings: ['skill-ratings'] as const,
};

export const myGamesKeys = {
  all: ['mine'] as const,
  tab: (tab: MyGamesTab) => ['mine', tab] as const,
};

export const adminKeys = {
  audit: (filters: AuditFilters) => ['admin-audit', filters] as const,
  users: ['admin-users'] as const,
  usersFound: (search: string) => ['admin-users', search] as const,
  disputes: ['admin-disputes'] as const,
  chatReports: ['admin-chat-reports'] as const,
};

export const pushKeys = { browser: ['browser-push'] as const };
