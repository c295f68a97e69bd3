import type { Clock } from '../../platform/clock.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { GameCommands, GameLookups, GameParticipation, GameQueries } from '../games/index.ts';
import type { ProfilesService } from '../profiles/index.ts';
import type { UsersService } from '../users/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { instantAt, localDay } from '../../platform/local-time.ts';
import { SAMPLE_ORGANISERS, SAMPLE_PLAYERS, sampleSubject, type SamplePerson } from './sample-people.ts';

export interface SampleGamesDeps {
  users: Pick<UsersService, 'provision'>;
  profiles: Pick<ProfilesService, 'hasCompletedOnboarding' | 'completeOnboarding'>;
  activities: Pick<ActivitiesService, 'page'>;
  venues: Pick<VenuesService, 'list'>;
  games: Pick<GameQueries, 'hosted'> & Pick<GameCommands, 'create'> & Pick<GameParticipation, 'join'> & Pick<GameLookups, 'grantShareAccess'>;
  clock: Clock;
  timeZone: string;
}

export interface SampleGamesResult {
  created: number;
  /** Share URLs of the upcoming private sample games, soonest first. */
  privateShareUrls: string[];
  /** Why nothing was created, when the sample activities or venues are missing. */
  skipped?: string;
}

/**
 * One sample game: its organiser, activity and type, its start (minutes after local midnight) and
 * length in minutes, its levels (indexes into the activity's ladder), places, price and title.
 */
type Row = [
  organiser: string,
  activity: 'Badminton' | 'Pickleball',
  gameType: 'SINGLE' | 'DOUBLE',
  start: number,
  minutes: number,
  levels: [number, number],
  slots: number,
  price: string,
  title: string,
];

interface Days {
  /** Which calendar days (days since 1970) get this game. */
  on: (day: number) => boolean;
  /** Which days it is private (share link only). */
  private?: (day: number) => boolean;
}

function template([organiser, activity, gameType, start, minutes, levels, slots, price, title]: Row, days: Days) {
  return { organiser, activity, gameType, start, minutes, levels, slots, price, title, ...days };
}

const TEMPLATES = [
  template(['alice', 'Badminton', 'DOUBLE', 19 * 60 + 30, 120, [0, 3], 8, '8.00', 'Evening social doubles'], {
    on: () => true,
    private: (day) => day % 7 === 3,
  }),
  template(['bob', 'Pickleball', 'DOUBLE', 10 * 60, 120, [0, 2], 4, '6.50', 'Morning pickleball'], { on: (day) => day % 2 === 0 }),
  template(['chitra', 'Badminton', 'SINGLE', 18 * 60, 90, [3, 6], 4, '10.00', 'Advanced singles ladder'], { on: (day) => day % 3 !== 2 }),
];
const DAYS = 14;
/** A game starting sooner than this is not created (joins need a scheduled game). */
const LEAD_MS = 60 * 60 * 1000;

/**
 * Sample organisers, players and a few dozen games over the next two weeks at the sample venues:
 * some full, some with a waitlist, some private. Idempotent: each (organiser, start) is created
 * once, so a restart only fills in the days that came into the window.
 */
export async function loadSampleGames(deps: SampleGamesDeps): Promise<SampleGamesResult> {
  const activities = new Map((await deps.activities.page({ page: 0, size: 100 })).rows.map((item) => [item.activity.name, item]));
  const venues = (await deps.venues.list({ page: 0, size: 100 })).rows.filter((item) => item.venue.sourceId?.startsWith('sg-sample-'));
  if (!activities.has('Badminton') || !activities.has('Pickleball') || venues.length === 0) {
    return { created: 0, privateShareUrls: [], skipped: 'the sample activities and venues are missing (npm run db:seed)' };
  }
  const ids = new Map<string, string>();
  for (const person of [...SAMPLE_ORGANISERS, ...SAMPLE_PLAYERS]) ids.set(person.username, await ensurePerson(deps, person));

  const now = deps.clock.now();
  const today = localDay(now, deps.timeZone);
  let created = 0;
  const privateShareUrls: ShareUrl[] = [];
  for (const [index, template] of TEMPLATES.entries()) {
    const activity = activities.get(template.activity)!;
    const plan: Plan = {
      template,
      index,
      organiserId: ids.get(template.organiser)!,
      activity,
      levels: [...activity.levels].sort((a, b) => a.sortOrder - b.sortOrder),
      offered: venues.filter((item) => item.activityIds.includes(activity.activity.id)),
    };
    const filled = await fillDays(deps, ids, plan, now, today);
    created += filled.created;
    privateShareUrls.push(...filled.privateShareUrls);
  }
  return { created, privateShareUrls: privateShareUrls.sort((a, b) => a.start - b.start).map((entry) => entry.url) };
}

type ActivityItem = Awaited<ReturnType<SampleGamesDeps['activities']['page']>>['rows'][number];
type VenueItem = Awaited<ReturnType<SampleGamesDeps['venues']['list']>>['rows'][number];

/** One template's games: who hosts them, at which activity, its levels in order, the venues offering it. */
interface Plan {
  template: (typeof TEMPLATES)[number];
  index: number;
  organiserId: string;
  activity: ActivityItem;
  levels: ActivityItem['levels'];
  offered: VenueItem[];
}

interface ShareUrl {
  start: number;
  url: string;
}

/** Creates a template's games missing over the next DAYS days; answers how many, and the private ones' share URLs. */
async function fillDays(deps: SampleGamesDeps, ids: Map<string, string>, plan: Plan, now: Date, today: number) {
  const hosted = await deps.games.hosted(plan.organiserId, { size: 100, includePast: false });
  const existing = new Map(hosted.content.map((game) => [new Date(game.startTime).getTime(), game]));
  let created = 0;
  const privateShareUrls: ShareUrl[] = [];
  for (let day = today; day < today + DAYS; day++) {
    if (!plan.template.on(day)) continue;
    const startTime = instantAt(day, plan.template.start, deps.timeZone);
    if (startTime.getTime() - now.getTime() < LEAD_MS) continue;
    const isPrivate = plan.template.private?.(day) ?? false;
    let game = existing.get(startTime.getTime());
    if (!game) {
      game = await createGame(deps, ids, plan, day, startTime, isPrivate);
      created++;
    }
    if (game.visibility === 'PRIVATE' && game.shareLink) privateShareUrls.push({ start: startTime.getTime(), url: game.shareLink.shareUrl });
  }
  return { created, privateShareUrls };
}

/** A sample game on `day`, with sample players joined to it. */
async function createGame(deps: SampleGamesDeps, ids: Map<string, string>, plan: Plan, day: number, startTime: Date, isPrivate: boolean) {
  const { template, index, organiserId, activity, levels, offered } = plan;
  const game = await deps.games.create(organiserId, {
    activityId: activity.activity.id,
    venueId: offered[(day + index) % offered.length]!.venue.id,
    skillLevelFromId: levels[template.levels[0]]!.id,
    skillLevelToId: levels[Math.min(template.levels[1], levels.length - 1)]!.id,
    title: isPrivate ? `${template.title} (invitation only)` : template.title,
    currency: 'SGD',
    price: template.price,
    slots: template.slots,
    startTime: startTime.toISOString(),
    endTime: new Date(startTime.getTime() + template.minutes * 60_000).toISOString(),
    visibility: isPrivate ? 'PRIVATE' : 'PUBLIC',
    gameType: template.gameType,
    joinAsOrganizer: true,
  });
  const players = SAMPLE_PLAYERS.map((person) => ids.get(person.username)!);
  for (const playerId of pick(players, day + index, fillFor(day + index, template.slots))) {
    // Invited to a private game as if through its share link.
    if (isPrivate) await deps.games.grantShareAccess(playerId, game.id);
    await deps.games.join(playerId, game.id);
  }
  return game;
}

/** How many players join besides the organiser: full, full with a waitlist, half full, nearly empty. */
function fillFor(seed: number, slots: number): number {
  switch (seed % 4) {
    case 0:
      return slots - 1;
    case 1:
      return slots + 1;
    case 2:
      return Math.floor(slots / 2);
    default:
      return 1;
  }
}

function pick<T>(items: T[], seed: number, count: number): T[] {
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(seed + i) % items.length]!);
}

async function ensurePerson(deps: SampleGamesDeps, person: SamplePerson): Promise<string> {
  const { row } = await deps.users.provision({
    authProvider: 'national',
    subject: sampleSubject(person.username),
    name: person.name,
    email: `${person.username}@national.example.test`,
  });
  if (!(await deps.profiles.hasCompletedOnboarding(row.id))) {
    await deps.profiles.completeOnboarding(row.id, { name: person.name, contactMethods: [{ name: 'TELEGRAM', value: `@${person.username}_plays` }] });
  }
  return row.id;
}
