import type { KeyValueStore } from '../../platform/kv/index.ts';
import type { GameSchedule } from '../games/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { Job } from './jobs.service.ts';

/** Reminders go out this long before a game starts. */
const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

export interface StandardJobsDeps {
  games: GameSchedule;
  /** Opens each series' dates within its horizon as games (the series module's SeriesOpening). */
  series: { openDue(): Promise<number> };
  notifications: NotificationsService;
  /** Deletes chat messages past their 90 days (the chat module's ChatService). */
  chat: { purgeExpired(): Promise<number> };
  /** Deletes audit entries past AUDIT_RETENTION_DAYS (the audit module's AuditService). */
  audit: { purgeExpired(): Promise<number> };
  /** The payments module's PaymentReminders (players still owing, organisers' daily summaries) and PaymentReleases (unpaid places past the organiser's deadline). */
  payments: { remindDue(): Promise<number>; summarise(): Promise<number>; releaseDue(): Promise<number> };
  store: KeyValueStore;
}

/** The contract's jobs (game-status, game-reminders, cleanup), the quorum decisions (game-decisions), waitlist offers' expiry (waitlist-offers), the series' openings (series-occurrences), chat retention (chat-retention), the audit trail's retention (audit-retention) and money's reminders (payment-reminders, payment-summaries) and releases of unpaid places (payment-releases). */
export function standardJobs(deps: StandardJobsDeps): Record<string, Job> {
  const { games, series, notifications, chat, audit, payments, store } = deps;
  return {
    // First: a date opened now is decided and reminded in the same round.
    'series-occurrences': () => series.openDue(),
    // Requests still open when their game starts lapse with it (their senders told).
    'game-status': async () => (await games.advanceStatuses()) + (await games.lapseRequests()),
    // Before the reminders: a game called off is not reminded.
    'game-decisions': () => games.decideDue(),
    'waitlist-offers': () => games.expireOffers(),
    // After the offers expire and before the reminders: a released place is offered to the waitlist this round.
    'payment-releases': () => payments.releaseDue(),
    'game-reminders': async () => {
      let sent = 0;
      // One transaction per game: a crash half-way keeps what was sent, and the rest go next run.
      for (const game of await games.startingSoon(REMINDER_LEAD_MS)) sent += await notifications.remind(game);
      return sent;
    },
    'payment-reminders': () => payments.remindDue(),
    'payment-summaries': () => payments.summarise(),
    'chat-retention': () => chat.purgeExpired(),
    cleanup: async () => {
      // Redis expires its own keys; the embedded store keeps expired rows until purged.
      const kv = store.purgeExpired ? await store.purgeExpired() : 0;
      return kv + (await notifications.cleanup()) + (await games.purgeShareAccess());
    },
    'audit-retention': () => audit.purgeExpired(),
  };
}
