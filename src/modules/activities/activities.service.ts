import { onUniqueViolation, type Counted, type Database, type Executor } from '../../platform/db/index.ts';
import { ByIdCache, clearAfter } from '../../platform/cache/by-id-cache.ts';
import type { CacheBudget } from '../../platform/cache/cache-budget.ts';
import { conflict, notFound, validationFailed, type FieldError } from '../../platform/http/errors.ts';
import { changesBetween, SERVICE_ACTOR, type AuditActor, type AuditTrail } from '../audit/index.ts';
import { ActivitiesRepository, type ActivityRow, type SkillLevelRow } from './activities.repository.ts';

export interface LadderInput {
  name: string;
  sortOrder: number;
}

export interface ActivityWithLevels {
  activity: ActivityRow;
  levels: SkillLevelRow[];
}

/** Answers whether something outside this module still refers to the activity (venues, games). */
export type ActivityUsageCheck = (activityId: string, executor: Executor) => Promise<boolean>;

const activityNotFound = () => notFound('The activity was not found.', 'activity_not_found');
const nameTaken = () => conflict('activity_already_exists', 'An activity with this name already exists.');
const normalise = (name: string) => name.trim().toLowerCase();

/** How long another instance's rename or ladder change may take to show in this one's listings. */
const REFERENCE_TTL_MS = 5_000;

export interface LevelSummary {
  id: string;
  name: string;
  sortOrder: number;
}

export class ActivitiesService {
  readonly #db: Database;
  readonly #usageChecks: ActivityUsageCheck[];
  readonly #audit: AuditTrail;
  // Every game on every listing page names its activity and levels: read them once, not per page.
  readonly #names: ByIdCache<string>;
  readonly #levels: ByIdCache<LevelSummary>;

  /**
   * `usageChecks`: one per module that refers to activities, so a referenced activity cannot be
   * deleted. `caches`: the service's budget, whose shares bound the names and levels kept.
   */
  constructor(db: Database, audit: AuditTrail, usageChecks: ActivityUsageCheck[] = [], caches?: CacheBudget) {
    this.#names = new ByIdCache({ ttlMs: REFERENCE_TTL_MS, meter: caches?.meter('activityNames') });
    this.#levels = new ByIdCache({ ttlMs: REFERENCE_TTL_MS, meter: caches?.meter('skillLevels') });
    this.#db = db;
    this.#audit = audit;
    this.#usageChecks = usageChecks;
  }

  async page(options: { page: number; size: number }): Promise<Counted<ActivityWithLevels>> {
    const repository = new ActivitiesRepository(this.#db);
    const { rows, total } = await repository.page({ limit: options.size, offset: options.page * options.size });
    return { rows: await this.#withLevels(repository, rows), total };
  }

  async get(id: string): Promise<ActivityWithLevels> {
    const found = await this.find(id);
    if (!found) throw activityNotFound();
    return found;
  }

  /** The live activity with its ladder; undefined when there is none. `executor`: the caller's transaction. */
  async find(id: string, executor: Executor = this.#db): Promise<ActivityWithLevels | undefined> {
    const repository = new ActivitiesRepository(executor);
    const activity = await repository.findLive(id);
    return activity && { activity, levels: await repository.levelsOf([id]) };
  }

  async create(input: { name: string; skillLevels?: LadderInput[] }, actor: AuditActor = SERVICE_ACTOR): Promise<ActivityWithLevels> {
    const ladder = checkLadder(input.skillLevels ?? []);
    const id = await this.#uniqueName(() =>
      this.#db.transaction(async (tx) => {
        const repository = new ActivitiesRepository(tx);
        const activity = await repository.insert(input.name.trim());
        await repository.insertLevels(activity.id, ladder);
        const after = { name: activity.name, skillLevels: ladderOf(ladder) };
        await this.#audit.record(tx, {
          ...actor,
          action: 'activity.created',
          objectType: 'activity',
          objectId: activity.id,
          changes: changesBetween(null, after),
        });
        return activity.id;
      }),
    );
    return this.get(id);
  }

  async rename(id: string, name: string, actor: AuditActor): Promise<ActivityWithLevels> {
    await clearAfter([this.#names, this.#levels], () =>
      this.#uniqueName(() =>
        this.#db.transaction(async (tx) => {
          const repository = new ActivitiesRepository(tx);
          const before = await repository.lockLive(id);
          if (!before) throw activityNotFound();
          const renamed = await repository.rename(id, name.trim());
          const changes = changesBetween({ name: before.name }, { name: renamed?.name });
          if (Object.keys(changes).length)
            await this.#audit.record(tx, { ...actor, action: 'activity.renamed', objectType: 'activity', objectId: id, changes });
        }),
      ),
    );
    return this.get(id);
  }

  async delete(id: string, actor: AuditActor): Promise<void> {
    await clearAfter([this.#names, this.#levels], () =>
      this.#db.transaction(async (tx) => {
        const repository = new ActivitiesRepository(tx);
        const before = await repository.lockLive(id);
        if (!before) throw activityNotFound();
        for (const inUse of this.#usageChecks) {
          if (await inUse(id, tx)) throw conflict('activity_in_use', 'The activity is still used by venues or games.');
        }
        await repository.softDelete(id);
        await this.#audit.recordDeleted(tx, actor, { objectType: 'activity', objectId: id, name: before.name });
      }),
    );
  }

  /** Replaces the ladder; a level whose name survives keeps its id, so its references stay meaningful. */
  async replaceLadder(id: string, input: LadderInput[], actor: AuditActor): Promise<ActivityWithLevels> {
    const ladder = checkLadder(input);
    await clearAfter([this.#names, this.#levels], () =>
      this.#db.transaction(async (tx) => {
        const repository = new ActivitiesRepository(tx);
        if (!(await repository.lockLive(id))) throw activityNotFound();
        const levels = await repository.levelsOf([id]);
        const changes = changesBetween({ skillLevels: ladderOf(levels) }, { skillLevels: ladderOf(ladder) });
        if (Object.keys(changes).length)
          await this.#audit.record(tx, { ...actor, action: 'activity.levels.replaced', objectType: 'activity', objectId: id, changes });
        const existing = new Map(levels.map((level) => [normalise(level.name), level]));
        const added: LadderInput[] = [];
        for (const level of ladder) {
          const kept = existing.get(normalise(level.name));
          if (kept) {
            existing.delete(normalise(level.name));
            await repository.updateLevel(kept.id, level);
          } else {
            added.push(level);
          }
        }
        await repository.retireLevels([...existing.values()].map((level) => level.id));
        await repository.insertLevels(id, added);
        await repository.touch(id);
      }),
    );
    return this.get(id);
  }

  /** The live activity with this name, created with the ladder when missing (sample data). */
  async ensure(name: string, ladder: LadderInput[]): Promise<ActivityRow> {
    const existing = await new ActivitiesRepository(this.#db).findLiveByName(name);
    return existing ?? (await this.create({ name, skillLevels: ladder })).activity;
  }

  /**
   * For other modules' writes: locks the live activities among `ids` until `executor`'s
   * transaction ends, and answers the ids that are not live activities.
   */
  async lockForUse(ids: string[], executor: Executor): Promise<string[]> {
    const live = new Set(await new ActivitiesRepository(executor).shareLockLive([...new Set(ids)]));
    return ids.filter((id) => !live.has(id));
  }

  /** Ids of the live activities named `names` (any case), keyed by the lower-cased name; unknown names are absent. */
  async idsByNames(names: string[]): Promise<Map<string, string>> {
    const rows = await new ActivitiesRepository(this.#db).liveByNames([...new Set(names.map(normalise))]);
    return new Map(rows.map((row) => [normalise(row.name), row.id]));
  }

  /** Names of activities by id, deleted ones included (records that point at them keep a name). */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const rows = await new ActivitiesRepository(this.#db).namesByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Skill levels by id, retired ones included, ordered by their place on the ladder. */
  levelsOf(ids: string[]): Promise<Array<{ id: string; name: string; sortOrder: number }>> {
    return new ActivitiesRepository(this.#db).levelsByIds([...new Set(ids)]);
  }

  /**
   * namesOf, from the in-process cache: this instance's writes show at once, other instances' within
   * seconds, or at once for a caller that names the page generation it read (`version`).
   */
  cachedNamesOf(ids: Iterable<string>, version?: string): Promise<Map<string, string>> {
    return this.#names.getMany(ids, (missing) => this.namesOf(missing), version);
  }

  /** Skill levels by id (retired ones included), from the in-process cache like cachedNamesOf. */
  cachedLevelsOf(ids: Iterable<string>, version?: string): Promise<Map<string, LevelSummary>> {
    return this.#levels.getMany(ids, async (missing) => new Map((await this.levelsOf(missing)).map((level) => [level.id, level])), version);
  }

  /** Activity of each live level among `ids` (levels of deleted activities are not live). */
  async liveLevels(ids: string[]): Promise<Map<string, string>> {
    const rows = await new ActivitiesRepository(this.#db).liveLevels([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.activityId]));
  }

  async #withLevels(repository: ActivitiesRepository, rows: ActivityRow[]): Promise<ActivityWithLevels[]> {
    const levels = await repository.levelsOf(rows.map((row) => row.id));
    return rows.map((activity) => ({ activity, levels: levels.filter((level) => level.activityId === activity.id) }));
  }

  #uniqueName<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation('activities_name_uq', nameTaken, write);
  }
}

/** A ladder as the audit trail keeps it: names and positions in order. */
function ladderOf(levels: LadderInput[]): LadderInput[] {
  return [...levels].sort((a, b) => a.sortOrder - b.sortOrder).map((level) => ({ name: level.name, sortOrder: level.sortOrder }));
}

/** Level names and positions must be unique within a ladder. */
function checkLadder(levels: LadderInput[]): LadderInput[] {
  const errors: FieldError[] = [];
  const names = new Map<string, number>();
  const orders = new Map<number, number>();
  levels.forEach((level, index) => {
    const name = normalise(level.name);
    const sameName = names.get(name);
    if (sameName !== undefined) errors.push({ field: `skillLevels[${index}].name`, location: 'body', message: `duplicates skillLevels[${sameName}].name` });
    else names.set(name, index);
    const sameOrder = orders.get(level.sortOrder);
    if (sameOrder !== undefined)
      errors.push({ field: `skillLevels[${index}].sortOrder`, location: 'body', message: `duplicates skillLevels[${sameOrder}].sortOrder` });
    else orders.set(level.sortOrder, index);
  });
  if (errors.length) throw validationFailed(errors);
  return levels.map((level) => ({ name: level.name.trim(), sortOrder: level.sortOrder }));
}
