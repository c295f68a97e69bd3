import type { Executor } from '../../platform/db/index.ts';
import { conflict, validationFailed, type FieldError } from '../../platform/http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import type { ProfilesService } from '../profiles/index.ts';
import type { VenuesService } from '../venues/index.ts';
import type { GameRemovalStep, GameShareLinks } from './games.ports.ts';
import type { PresentedGame } from './games.presenter.ts';
import { gameNotFound, type GameQueries } from './listing/games.queries.ts';
import { JoinRequestsRepository } from './join-requests/games.join-requests.repository.ts';
import { GamesRepository, type GameRow, type GameValues } from './games.repository.ts';
import { confirmGame } from './schedule/games.decisions.ts';
import {
  effectiveStatus,
  leaveFreeUntil,
  materiallyChanged,
  quorumErrors,
  referenceErrors,
  timeErrors,
  valuesFromPatch,
  type ReferenceCheck,
} from './rules/games.rules.ts';
import type { CreateGameInput, UpdateGameInput } from './games.schemas.ts';
import { CoHostsRepository } from './co-hosts/games.co-hosts.repository.ts';
import { type Actor, announce, type GameWriterDeps, lockManaged, lockOwned } from './games.writes.ts';
import { ParticipationRepository } from './participation/games.participation.repository.ts';
import { fillPlaces, settleOffers, type WaitlistSettings } from './participation/games.waitlist.ts';

export interface GameCommandsDeps extends GameWriterDeps {
  activities: ActivitiesService;
  venues: VenuesService;
  profiles: Pick<ProfilesService, 'hasCompletedOnboarding'>;
  shareLinks: Pick<GameShareLinks, 'createForGame'>;
  /** Answers the game as its organiser sees it after a write. */
  queries: Pick<GameQueries, 'written'>;
  /** Run inside a hard delete's transaction before the game row goes: they remove what refers to the game. */
  removalSteps: GameRemovalStep[];
  waitlist: WaitlistSettings;
  audit: AuditTrail;
}

const overlapping = () => conflict('overlapping_game', 'You already host a game at an overlapping time.');
const bodyError = (name: string, message: string): FieldError => ({ field: name, location: 'body', message });

/** Hosting: create, edit, cancel and remove a game. */
export class GameCommands {
  readonly #deps: GameCommandsDeps;

  constructor(deps: GameCommandsDeps) {
    this.#deps = deps;
  }

  async create(organizerId: string, input: CreateGameInput): Promise<PresentedGame> {
    const { db, clock, activities, shareLinks } = this.#deps;
    if (!(await this.#deps.profiles.hasCompletedOnboarding(organizerId))) {
      throw conflict('onboarding_required', 'Complete onboarding (POST /api/v1/me) before hosting a game.');
    }
    // A create body holds every column the patch mapping copies, and the two that are never patched.
    const values = { ...valuesFromPatch(input), activityId: input.activityId, organizerId, visibility: input.visibility } as GameValues;
    const { startTime, endTime } = values;
    const quorum = { minPlayers: values.minPlayers ?? null, slots: values.slots, startTime, decisionHoursBefore: values.decisionHoursBefore ?? 3 };
    const timing = [...timeErrors(startTime, endTime, true, clock.now()), ...quorumErrors(quorum, true, clock.now())];
    if (timing.length) throw validationFailed(timing);
    await this.checkReferences(input.activityId, input.venueId, input.skillLevelFromId, input.skillLevelToId);
    const id = await db.transaction(async (tx) => {
      if ((await activities.lockForUse([input.activityId], tx)).length) throw validationFailed([bodyError('activityId', 'is not a known activity')]);
      const repository = new GamesRepository(tx);
      await repository.lockOrganizerSchedule(organizerId);
      if (await repository.hasOverlap(organizerId, startTime, endTime)) throw overlapping();
      const now = clock.now();
      const game = await repository.insert(values);
      if (input.joinAsOrganizer) {
        const participation = new ParticipationRepository(tx);
        await participation.add({ gameId: game.id, userId: organizerId, status: 'ACTIVE', joinedAt: now });
        await participation.adjustCounts(game.id, { active: 1 });
      }
      await shareLinks.createForGame(game.id, tx);
      return game.id;
    });
    return this.#deps.queries.written(id, organizerId);
  }

  /** By the organiser or a co-host. */
  async update(actorId: string, gameId: string, patch: UpdateGameInput): Promise<PresentedGame> {
    const { db, clock, events } = this.#deps;
    await this.#checkEditRequest(actorId, gameId, patch);
    await db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await lockManaged(repository, tx, gameId, actorId);
      const now = clock.now();
      const values = valuesFromPatch(patch);
      const { startTime, endTime, timesChanged } = checkedEdit(game, patch, values, now);
      if (timesChanged) {
        await repository.lockOrganizerSchedule(game.organizerId);
        if (await repository.hasOverlap(game.organizerId, startTime, endTime, game.id)) throw overlapping();
      }
      // A change the players did not agree to frees them from the leave window for a day (and bars late NO_SHOW marks).
      const material = materiallyChanged(game, { ...game, ...values, startTime, endTime });
      await repository.update(game.id, material ? { ...values, materiallyChangedAt: now } : values, now);
      const updated = { ...game, ...values, title: values.title !== undefined ? values.title : game.title };
      await announceUpdate(events, tx, repository, updated, actorId, material ? leaveFreeUntil({ materiallyChangedAt: now }, now) : undefined);
      if (game.waitlistMode === 'OFFER' && updated.waitlistMode === 'AUTO') await settleOffers(tx, events, updated, actorId);
      // More slots (or another mode): the waitlist moves up, first come first served, whole parties only.
      await fillPlaces(events, this.#deps.waitlist, tx, updated, actorId, now);
    });
    return this.#deps.queries.written(gameId, actorId);
  }

  /**
   * What an edit can be refused for before its transaction: other modules' reads use their own
   * connection (and the embedded database has only one). The activity never changes, so the check stays true.
   */
  async #checkEditRequest(actorId: string, gameId: string, patch: UpdateGameInput): Promise<void> {
    const { db } = this.#deps;
    const current = await new GamesRepository(db).find(gameId);
    if (!current || (current.organizerId !== actorId && !(await new CoHostsRepository(db).isCoHost(gameId, actorId)))) throw gameNotFound();
    const errors = fixedFieldErrors(current, patch);
    if (errors.length) throw validationFailed(errors);
    if (patch.venueId || patch.skillLevelFromId || patch.skillLevelToId) {
      await this.checkReferences(
        current.activityId,
        patch.venueId,
        patch.skillLevelFromId ?? current.skillLevelFromId,
        patch.skillLevelToId ?? current.skillLevelToId,
      );
    }
  }

  /** Game on, whatever the quorum says (organiser or co-host): the decision job will leave the game alone. Again: no-op. */
  async confirm(actor: Actor, gameId: string): Promise<PresentedGame> {
    const { db, clock, events } = this.#deps;
    await db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await lockManaged(repository, tx, gameId, actor.userId);
      const now = clock.now();
      const status = effectiveStatus(game, now);
      if (status !== 'SCHEDULED') throw conflict('game_not_editable', `A ${status.toLowerCase()} game cannot be confirmed.`);
      if (!game.confirmed) await confirmGame(repository, events, tx, game, actor.userId, now);
    });
    return this.#deps.queries.written(gameId, actor.userId);
  }

  /** Soft delete: the game stays readable by id as CANCELLED and leaves every list. Again: no-op. */
  /** `trail`: the request behind it, for the audit entry (a series' own change has none). */
  async cancel(actor: Actor, gameId: string, trail: AuditActor = { actorId: actor.userId, requestId: null }): Promise<void> {
    const { db, clock, events, audit } = this.#deps;
    await db.transaction(async (tx) => {
      const repository = new GamesRepository(tx);
      const game = await lockOwned(repository, gameId, actor);
      if (game.status === 'CANCELLED') return;
      await repository.update(game.id, { status: 'CANCELLED' }, clock.now());
      // Every cancel is recorded (it takes the game from its players), the organiser's own too.
      const changes = { status: { before: game.status, after: 'CANCELLED' } };
      await audit.record(tx, { ...trail, action: 'game.cancelled', objectType: 'game', objectId: game.id, changes });
      const recipients = await repository.playerIds(game.id);
      await announce(events, tx, { type: 'GAME_CANCELLED', gameId: game.id, actorId: actor.userId, recipients, title: game.title });
      // Requests still waiting for an answer close with the game, and their senders are told.
      const requesters = await new JoinRequestsRepository(tx).takeAll(game.id);
      await announce(events, tx, { type: 'JOIN_REQUEST_CANCELLED', gameId: game.id, actorId: actor.userId, recipients: requesters, title: game.title });
    });
  }

  async hardDelete(actor: Actor, gameId: string, trail: AuditActor): Promise<void> {
    await this.#deps.db.transaction(async (tx: Executor) => {
      const repository = new GamesRepository(tx);
      const game = await lockOwned(repository, gameId, actor);
      for (const step of this.#deps.removalSteps) await step(game.id, tx);
      await repository.hardDelete(game.id);
      const changes = { game: { before: { title: game.title, status: game.status }, after: null } };
      await this.#deps.audit.record(tx, { ...trail, action: 'game.deleted', objectType: 'game', objectId: game.id, changes });
    });
  }

  /** The activity's ladder and the venue (when one is being set), judged by `referenceErrors` (a series' template too). */
  async checkReferences(activityId: string, venueId: string | undefined, fromId: string, toId: string) {
    const [activity, venue] = await Promise.all([
      this.#deps.activities.find(activityId),
      venueId ? this.#deps.venues.find(venueId) : Promise.resolve(undefined),
    ]);
    const check: ReferenceCheck = { activityId, ladder: activity?.levels, fromId, toId };
    if (venueId) check.venue = { found: venue };
    const errors = referenceErrors(check);
    if (errors.length) throw validationFailed(errors);
  }
}

function fixedFieldErrors(current: GameRow, patch: UpdateGameInput): FieldError[] {
  const errors: FieldError[] = [];
  if (patch.activityId !== undefined && patch.activityId !== current.activityId) errors.push(bodyError('activityId', 'cannot be changed'));
  if (patch.visibility !== undefined && patch.visibility !== current.visibility) errors.push(bodyError('visibility', 'cannot be changed'));
  return errors;
}

/** Refuses an edit the game's state does not allow; answers the times the game will have. */
function checkedEdit(game: GameRow, patch: UpdateGameInput, values: Partial<GameValues>, now: Date) {
  const status = effectiveStatus(game, now);
  if (status !== 'SCHEDULED') throw conflict('game_not_editable', `A ${status.toLowerCase()} game cannot be changed.`);
  const startTime = values.startTime ?? game.startTime;
  const endTime = values.endTime ?? game.endTime;
  const timesChanged = patch.startTime !== undefined || patch.endTime !== undefined;
  if (timesChanged) {
    const timing = timeErrors(startTime, endTime, patch.startTime !== undefined, now);
    if (timing.length) throw validationFailed(timing);
  }
  // Places held for offers count: the parties offered them may still accept.
  const taken = game.playersJoined + game.placesOnOffer;
  if (patch.slots !== undefined && patch.slots < taken) {
    throw conflict('slots_below_participants', `The game already has ${taken} places taken or offered; slots cannot go below that.`);
  }
  const quorumChanged = patch.minPlayers !== undefined || patch.decisionHoursBefore !== undefined;
  if (quorumChanged && game.decidedAt !== null) throw conflict('decision_made', 'The go / no-go decision has been made; the quorum cannot change now.');
  const quorum = { ...game, ...values, startTime };
  const quorumProblems = quorumErrors(quorum, quorumChanged || (timesChanged && game.decidedAt === null), now);
  if (quorumProblems.length) throw validationFailed(quorumProblems);
  return { startTime, endTime, timesChanged };
}

// A co-host's edit is news to the organiser too; only the players are told they may leave.
async function announceUpdate(
  events: GameCommandsDeps['events'],
  tx: Executor,
  repository: GamesRepository,
  game: GameRow,
  actorId: string,
  freeUntil: Date | undefined,
): Promise<void> {
  const change = { gameId: game.id, actorId, title: game.title };
  await announce(events, tx, { ...change, type: 'GAME_UPDATED', recipients: [game.organizerId] });
  await announce(events, tx, {
    ...change,
    type: 'GAME_UPDATED',
    recipients: (await repository.playerIds(game.id)).filter((id) => id !== game.organizerId),
    leaveFreeUntil: freeUntil,
  });
}
