import { circleQuery } from '../../platform/http/circle-query.ts';
import { ByIdCache, clearAfter } from '../../platform/cache/by-id-cache.ts';
import type { CacheBudget } from '../../platform/cache/cache-budget.ts';
import { onUniqueViolation, type Counted, type Database, type Executor } from '../../platform/db/index.ts';
import { conflict, notFound, validationFailed, type FieldError } from '../../platform/http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import { changesBetween, SERVICE_ACTOR, type AuditActor, type AuditTrail } from '../audit/index.ts';
import { parseImportFile, rejectedFile, rowError } from './venues.import.ts';
import { VenuesRepository, type Circle, type StationLineRow, type VenueRow, type VenueSummary, type VenueValues } from './venues.repository.ts';
import type { VenueInput, VenuePatch, VenuesFilter } from './venues.schemas.ts';
import { describeLine, parseStationCode } from './transit-lines.ts';

type StationInput = NonNullable<VenueInput['stations']>[number];

export interface VenueDetails {
  venue: VenueRow & { distanceKm?: number };
  activityIds: string[];
  stations: StationLineRow[];
}

interface Links {
  id: string;
  activityIds?: string[];
  stations?: StationInput[];
}

const venueNotFound = () => notFound('The venue was not found.', 'venue_not_found');
const sourceTaken = () => conflict('venue_already_exists', 'A venue with this sourceId already exists.');
/** How long another instance's venue edit may take to show in this one's listings. */
const SUMMARY_TTL_MS = 5_000;

/** Whether a venue still offers the activity: the activities module asks before deleting one. */
export function venuesUseActivity(activityId: string, executor: Executor): Promise<boolean> {
  return new VenuesRepository(executor).usesActivity(activityId);
}

export class VenuesService {
  readonly #db: Database;
  readonly #activities: ActivitiesService;
  readonly #audit: AuditTrail;
  // Every game on every listing page shows its venue: read summaries once, not per page.
  readonly #summaries: ByIdCache<VenueSummary>;

  /** `caches`: the service's budget, whose `venueSummaries` share bounds the summaries kept. */
  constructor(db: Database, activities: ActivitiesService, audit: AuditTrail, caches?: CacheBudget) {
    this.#summaries = new ByIdCache({ ttlMs: SUMMARY_TTL_MS, meter: caches?.meter('venueSummaries') });
    this.#db = db;
    this.#activities = activities;
    this.#audit = audit;
  }

  async list(query: VenuesFilter & { page: number; size: number }): Promise<Counted<VenueDetails>> {
    const { circle, errors } = circleQuery(query);
    if (errors.length) throw validationFailed(errors);
    const repository = new VenuesRepository(this.#db);
    const { rows, total } = await repository.page({
      activityId: query.activityId,
      q: query.q,
      circle,
      limit: query.size,
      offset: query.page * query.size,
    });
    return { rows: await this.#details(repository, rows), total };
  }

  /** Name, address and position by id (deleted venues too), ordered by name: one query per page. */
  summariesOf(ids: string[]): Promise<VenueSummary[]> {
    return new VenuesRepository(this.#db).summariesByIds([...new Set(ids)]);
  }

  /**
   * Summaries by id (deleted venues too), from the in-process cache: this instance's writes show at
   * once, other instances' within seconds, or at once for a caller that names the page generation it read.
   */
  cachedSummariesOf(ids: Iterable<string>, version?: string): Promise<Map<string, VenueSummary>> {
    return this.#summaries.getMany(ids, async (missing) => new Map((await this.summariesOf(missing)).map((venue) => [venue.id, venue])), version);
  }

  idsWithin(circle: Circle): Promise<string[]> {
    return new VenuesRepository(this.#db).idsWithin(circle);
  }

  /** The live venue with its activities and stations; undefined when there is none. */
  async find(id: string): Promise<VenueDetails | undefined> {
    const repository = new VenuesRepository(this.#db);
    const venue = await repository.findLive(id);
    if (!venue) return undefined;
    const [details] = await this.#details(repository, [venue]);
    return details;
  }

  async get(id: string): Promise<VenueDetails> {
    const details = await this.find(id);
    if (details) return details;
    throw venueNotFound();
  }

  async create(input: VenueInput, actor: AuditActor): Promise<VenueDetails> {
    const id = await this.#uniqueSource(() =>
      this.#db.transaction(async (tx) => {
        await this.#requireActivities(input.activityIds, tx);
        const repository = new VenuesRepository(tx);
        const values = valuesOf(input);
        const [created] = await repository.insertNew([values]);
        if (!created) throw sourceTaken();
        await this.#writeLinks(repository, [{ id: created, activityIds: input.activityIds, stations: input.stations ?? [] }]);
        const changes = changesBetween(null, { ...values, activityIds: sortedIds(input.activityIds) });
        await this.#audit.record(tx, { ...actor, action: 'venue.created', objectType: 'venue', objectId: created, changes });
        return created;
      }),
    );
    return this.get(id);
  }

  async update(id: string, patch: VenuePatch, actor: AuditActor): Promise<VenueDetails> {
    await clearAfter([this.#summaries], () =>
      this.#uniqueSource(() =>
        this.#db.transaction(async (tx) => {
          const repository = new VenuesRepository(tx);
          const before = await repository.lockLive(id);
          if (!before) throw venueNotFound();
          if (patch.activityIds) await this.#requireActivities(patch.activityIds, tx);
          const { activityIds, stations, ...fields } = patch;
          const values = Object.fromEntries(
            Object.entries(fields)
              .filter(([, value]) => value !== undefined)
              .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
          ) as Partial<VenueValues>;
          const beforeActivities = activityIds ? sortedIds((await repository.activitiesOf([id])).map((link) => link.activityId)) : undefined;
          if (Object.keys(values).length) await repository.update(id, values);
          await this.#writeLinks(repository, [{ id, activityIds, stations }]);
          const was: Record<string, unknown> = Object.fromEntries(Object.keys(values).map((name) => [name, before[name as keyof VenueValues]]));
          const changes = changesBetween({ ...was, activityIds: beforeActivities }, { ...values, activityIds: activityIds && sortedIds(activityIds) });
          if (Object.keys(changes).length) await this.#audit.record(tx, { ...actor, action: 'venue.updated', objectType: 'venue', objectId: id, changes });
        }),
      ),
    );
    return this.get(id);
  }

  async delete(id: string, actor: AuditActor): Promise<void> {
    await clearAfter([this.#summaries], () =>
      this.#db.transaction(async (tx) => {
        const repository = new VenuesRepository(tx);
        const before = await repository.lockLive(id);
        if (!before || !(await repository.softDelete(id))) throw venueNotFound();
        await this.#audit.recordDeleted(tx, actor, { objectType: 'venue', objectId: id, name: before.name });
      }),
    );
  }

  /**
   * All or nothing: a file with any bad row writes nothing; rows whose sourceId exists are skipped.
   * Activities named in a row are resolved here, so a file never needs ids a person does not see.
   */
  async importFile(content: Buffer, actor: AuditActor = SERVICE_ACTOR): Promise<{ imported: number; skipped: number }> {
    const { rows, errors } = await parseImportFile(content);
    const named = await this.#activities.idsByNames([...rows.values()].flatMap((row) => row.activities ?? []));
    // Each row's activity ids with the path a refusal names: `.activityIds[i]` as given, `.activities[i]` as named.
    const links = new Map<number, Array<{ id: string; path: string }>>();
    for (const [index, row] of rows) {
      const wanted = (row.activityIds ?? []).map((id, i) => ({ id, path: `.activityIds[${i}]` }));
      (row.activities ?? []).forEach((name, i) => {
        const id = named.get(name.trim().toLowerCase());
        if (id) wanted.push({ id, path: `.activities[${i}]` });
        else errors.push(rowError(index, `.activities[${i}]`, `no activity named '${name.trim()}'`));
      });
      links.set(index, wanted);
    }
    return this.#db.transaction(async (tx) => {
      const unknown = new Set(
        await this.#activities.lockForUse(
          [...links.values()].flat().map((link) => link.id),
          tx,
        ),
      );
      for (const [index, wanted] of links) {
        for (const link of wanted) if (unknown.has(link.id)) errors.push(rowError(index, link.path, 'is not a known activity'));
      }
      if (errors.length) throw rejectedFile(errors);
      const inputs: VenueInput[] = [...rows].map(([index, row]) => ({ ...row, activityIds: [...new Set(links.get(index)!.map((link) => link.id))] }));
      // Concurrent imports take the sourceId index entries in one order, so they cannot deadlock.
      inputs.sort((a, b) => (a.sourceId! < b.sourceId! ? -1 : a.sourceId! > b.sourceId! ? 1 : 0));
      const repository = new VenuesRepository(tx);
      const ids = await repository.insertNew(inputs.map(valuesOf));
      const created = inputs.flatMap((input, i) => (ids[i] ? [{ id: ids[i], activityIds: input.activityIds, stations: input.stations ?? [] }] : []));
      await this.#writeLinks(repository, created);
      const counts = { imported: created.length, skipped: inputs.length - created.length };
      // One entry for the whole file: its counts, not a copy of every row.
      await this.#audit.record(tx, { ...actor, action: 'venues.imported', objectType: 'venue-import', objectId: null, changes: changesBetween(null, counts) });
      return counts;
    });
  }

  /** True until the first venue is ever written (deleted ones count): the sample data's marker. */
  async isPristine(): Promise<boolean> {
    return !(await new VenuesRepository(this.#db).everHadVenues());
  }

  async #requireActivities(ids: string[], executor: Executor): Promise<void> {
    const unknown = new Set(await this.#activities.lockForUse(ids, executor));
    const errors: FieldError[] = ids.flatMap((id, i) =>
      unknown.has(id) ? [{ field: `activityIds[${i}]`, location: 'body' as const, message: 'is not a known activity' }] : [],
    );
    if (errors.length) throw validationFailed(errors);
  }

  /** Replaces the activities and stations given; stations are shared by name, lines by code. */
  async #writeLinks(repository: VenuesRepository, items: Links[]): Promise<void> {
    const withActivities = items.filter((item) => item.activityIds);
    await repository.replaceActivities(
      withActivities.map((item) => item.id),
      withActivities.flatMap((item) => item.activityIds!.map((activityId) => ({ venueId: item.id, activityId }))),
    );
    const withStations = items.filter((item) => item.stations);
    if (withStations.length === 0) return;
    const all = withStations.flatMap((item) => item.stations!);
    const key = (station: StationInput) => station.name.trim().toLowerCase();
    const firstByName = new Map<string, StationInput>();
    for (const station of all) if (!firstByName.has(key(station))) firstByName.set(key(station), station);
    // A fixed order keeps concurrent writers from deadlocking on each other's new rows.
    const stationIds = await repository.ensureStations(
      [...firstByName.values()]
        .map((station) => ({ name: station.name.trim(), latitude: station.latitude, longitude: station.longitude }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    const lines = new Map<string, { code: string; name: string; color: string | null }>();
    for (const station of all) {
      const { lineCode } = parseStationCode(station.code);
      const known = lines.get(lineCode);
      if (!known || (known.color === null && station.color)) lines.set(lineCode, { code: lineCode, ...describeLine(lineCode, station.color) });
    }
    const lineIds = await repository.ensureLines([...lines.values()].sort((a, b) => a.code.localeCompare(b.code)));
    const stationLines = new Map<string, { stationId: string; lineId: string; stationNumber: number }>();
    for (const station of all) {
      const { lineCode, stationNumber } = parseStationCode(station.code);
      const link = { stationId: stationIds.get(key(station))!, lineId: lineIds.get(lineCode)!, stationNumber };
      stationLines.set(`${link.stationId}:${link.lineId}`, stationLines.get(`${link.stationId}:${link.lineId}`) ?? link);
    }
    await repository.linkStationLines([...stationLines.values()]);
    await repository.replaceStations(
      withStations.map((item) => item.id),
      withStations.flatMap((item) => {
        const ids = [...new Set(item.stations!.map((station) => stationIds.get(key(station))!))];
        return ids.map((stationId, position) => ({ venueId: item.id, stationId, position }));
      }),
    );
  }

  async #details(repository: VenuesRepository, rows: Array<VenueRow & { distanceKm?: number }>): Promise<VenueDetails[]> {
    const ids = rows.map((row) => row.id);
    const [activities, stations] = await Promise.all([repository.activitiesOf(ids), repository.stationsOf(ids)]);
    return rows.map((venue) => ({
      venue,
      activityIds: activities.filter((link) => link.venueId === venue.id).map((link) => link.activityId),
      stations: stations.filter((row) => row.venueId === venue.id),
    }));
  }

  #uniqueSource<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation('venues_source_id_uq', sourceTaken, write);
  }
}

function sortedIds(ids: string[]): string[] {
  return [...new Set(ids)].sort();
}

function valuesOf(input: VenueInput): VenueValues {
  return {
    sourceId: input.sourceId ?? null,
    name: input.name.trim(),
    address: input.address.trim(),
    postalCode: input.postalCode ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
  };
}
