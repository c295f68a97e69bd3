import type { Outstanding } from '../notifications/index.ts';
import type { Executor } from '../../platform/db/index.ts';

/** What payments ask of games (the games module's lookups, wired in app-services.ts). */
export interface PaymentGames {
  /** Where the user stands in the game; undefined when there is no such game. */
  standing(gameId: string, userId: string): Promise<{ host: boolean; visible: boolean; game: { organizerId: string } } | undefined>;
  /** The game's price, organiser and the parties holding places; undefined when there is no such game. */
  moneyFacts(gameId: string): Promise<MoneyFacts | undefined>;
  /** The user's hosted and joined games ending after `since`. */
  calendarOf(userId: string, since: Date, limit: number): Promise<Array<{ id: string }>>;
}

export interface MoneyFacts {
  id: string;
  organizerId: string;
  title: string | null;
  startTime: Date;
  price: string;
  currency: string;
  cancelled: boolean;
  parties: Array<{ userId: string; guests: number }>;
}

export interface PaymentUsers {
  namesOf(ids: string[]): Promise<Map<string, string | null>>;
}

/** What the reminders ask of games beyond PaymentGames: the priced games starting in a span. */
export interface PaymentReminderGames extends PaymentGames {
  pricedStartingBetween(from: Date, to: Date): Promise<string[]>;
}

/** What an organiser's summary counts: the notifications module words it, so the shape is its own. */
export type { Outstanding };

/** The notifications module's public producer, in the caller's transaction (its preferences and quiet hours apply). */
export interface PaymentEvents {
  emit(
    event: {
      type: 'PAYMENT_REMINDER' | 'PAYMENT_SUMMARY';
      gameId: string;
      recipients: string[];
      title?: string | null;
      money?: { owed?: string; outstanding?: Outstanding };
    },
    executor: Executor,
  ): Promise<void>;
}
