import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { GameCoHosts, GameCommands, GameOccurrences, GameParticipation } from '../games/index.ts';
import type { Invitations } from '../invitations/index.ts';
import type { SeriesPaymentRules } from '../payments/index.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { ProfilesService } from '../profiles/index.ts';
import type { UsersService } from '../users/index.ts';

/**
 * The organiser is told of a date that could not open (the notification points at the game it
 * overlaps); invitations and a regular's removal are told about the series itself.
 */
export interface SeriesEvents {
  emit(event: { type: 'SERIES_OCCURRENCE_SKIPPED'; gameId: string; recipients: string[]; title?: string | null }, executor: Executor): Promise<void>;
  emitForSeries(
    event: {
      type: 'SERIES_REGULAR_INVITED' | 'SERIES_CO_HOST_INVITED' | 'SERIES_REGULAR_REMOVED';
      seriesId: string;
      /** Who acted: their repeats on one person within the window coalesce into one notification. */
      actorId: string;
      recipients: string[];
      title?: string | null;
    },
    executor: Executor,
  ): Promise<void>;
}

/** What the series module needs; `app.ts` hands each part in. */
export interface SeriesDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  games: {
    occurrences: Pick<GameOccurrences, 'open'>;
    commands: Pick<GameCommands, 'update' | 'cancel' | 'checkReferences'>;
    participation: Pick<GameParticipation, 'leave'>;
    coHosts: Pick<GameCoHosts, 'confirm' | 'remove'>;
  };
  profiles: Pick<ProfilesService, 'hasCompletedOnboarding'>;
  users: Pick<UsersService, 'liveIds' | 'namesOf'>;
  events: SeriesEvents;
  invitations: Pick<Invitations, 'invite' | 'withdraw' | 'openFor' | 'expiry'>;
  /** Co-host invitations sent and withdrawn, and co-hosts removed, are recorded in the change's transaction. */
  audit: AuditTrail;
  /** The payments module keeps the series' money rules and copies them onto its games, in the transaction handed in. */
  payments: Pick<SeriesPaymentRules, 'rules' | 'setRules' | 'gameOpened'>;
}
