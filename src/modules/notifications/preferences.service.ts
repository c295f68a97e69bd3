import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { validationFailed, type FieldError } from '../../platform/http/errors.ts';
import { NOTIFICATION_TYPES, type NotificationType, type PreferencesPatch } from './notifications.schemas.ts';
import { PreferencesRepository, type PreferencesRow } from './preferences.repository.ts';

/** Which channels a notification goes to, per recipient. */
export interface Delivery {
  inApp: boolean;
  push: boolean;
}

/** Types whose push is off until the user turns it on (stored in push_on, not push_off): a player's chat. */
export const PUSH_OFF_BY_DEFAULT: readonly NotificationType[] = ['CHAT_PLAYING'];
/** Pushed only, never listed: the chat's own unread count is their in-app side (notify_chat, drizzle/0029). */
export const PUSH_ONLY: NotificationType[] = ['CHAT_HOSTING', 'CHAT_PLAYING', 'CHAT_MENTION'];
const offByDefault = (type: NotificationType) => PUSH_OFF_BY_DEFAULT.includes(type);

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * What each user wants to hear about, and how. No row means today's behaviour: every type in the
 * app and on the phone, no quiet hours, no muted game. Choices apply to notifications written
 * after they are saved; rows already written keep the channels they were written for.
 */
export class PreferencesService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #timeZone: string;
  readonly #localTime: Intl.DateTimeFormat;

  constructor(deps: { db: Database; clock: Clock; timeZone: string }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#timeZone = deps.timeZone;
    this.#localTime = new Intl.DateTimeFormat('en-GB', { timeZone: deps.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }

  async get(userId: string) {
    const repository = new PreferencesRepository(this.#db);
    return this.#present(await repository.find(userId), await repository.mutedGames(userId));
  }

  async update(userId: string, patch: PreferencesPatch) {
    const errors = unknownSettings(patch);
    if (patch.quietHours && patch.quietHours.start === patch.quietHours.end) {
      errors.push({ field: 'quietHours.end', location: 'body', message: 'must differ from start' });
    }
    if (errors.length) throw validationFailed(errors);
    await this.#db.transaction(async (tx) => {
      const repository = new PreferencesRepository(tx);
      const now = this.#clock.now();
      const current = await repository.lock(userId, now);
      const inAppOff = new Set(current.inAppOff);
      const pushOff = new Set(current.pushOff);
      const pushOn = new Set(current.pushOn);
      for (const type of NOTIFICATION_TYPES) {
        const change = patch.types?.[type];
        if (change?.inApp !== undefined) toggle(inAppOff, type, !change.inApp);
        if (change?.push !== undefined && offByDefault(type)) toggle(pushOn, type, change.push);
        else if (change?.push !== undefined) toggle(pushOff, type, !change.push);
      }
      const quiet =
        patch.quietHours === undefined
          ? { quietStart: current.quietStart, quietEnd: current.quietEnd }
          : { quietStart: patch.quietHours ? toMinutes(patch.quietHours.start) : null, quietEnd: patch.quietHours ? toMinutes(patch.quietHours.end) : null };
      await repository.save(userId, { inAppOff: [...inAppOff].sort(), pushOff: [...pushOff].sort(), pushOn: [...pushOn].sort(), ...quiet }, now);
      if (patch.mutedGameIds) await repository.replaceMutes(userId, patch.mutedGameIds, now);
    });
    return this.get(userId);
  }

  /** The minute after local midnight now, at which quiet hours are judged (in SQL by notify_game). */
  minuteNow(): number {
    return this.#minuteOfDay(this.#clock.now());
  }

  forgetUser(userId: string, executor: Executor): Promise<void> {
    return new PreferencesRepository(executor).deleteForUser(userId);
  }

  #minuteOfDay(at: Date): number {
    const parts = this.#localTime.formatToParts(at);
    const part = (name: string) => Number(parts.find((p) => p.type === name)?.value ?? 0);
    return part('hour') * 60 + part('minute');
  }

  #present(row: PreferencesRow | undefined, mutedGameIds: string[]) {
    const types = Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        {
          inApp: !row?.inAppOff.includes(type),
          push: offByDefault(type) ? !!row?.pushOn.includes(type) : !row?.pushOff.includes(type),
        },
      ]),
    ) as Record<NotificationType, Delivery>;
    const quietHours = row?.quietStart != null && row.quietEnd != null ? { start: toTime(row.quietStart), end: toTime(row.quietEnd) } : null;
    return { types, quietHours, timeZone: this.#timeZone, mutedGameIds, pushOnly: PUSH_ONLY };
  }
}

const CHANNELS = ['inApp', 'push'];

/**
 * Keys of `types` name the setting: a typo (PLAYER_JOIN, pushh) would otherwise be dropped while
 * the caller believes they turned something off, so an unknown type or channel is a 400 naming it.
 */
function unknownSettings(patch: PreferencesPatch): FieldError[] {
  const errors: FieldError[] = [];
  for (const [type, change] of Object.entries(patch.types ?? {})) {
    if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) {
      errors.push({ field: `types.${type}`, location: 'body', message: 'is not a notification type (GET this resource lists them)' });
      continue;
    }
    for (const channel of Object.keys(change ?? {})) {
      if (!CHANNELS.includes(channel)) errors.push({ field: `types.${type}.${channel}`, location: 'body', message: 'is not a channel: inApp or push' });
    }
  }
  return errors;
}

function toggle(set: Set<string>, type: string, off: boolean): void {
  if (off) set.add(type);
  else set.delete(type);
}
