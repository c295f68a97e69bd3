import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { CursorCodec } from '../../platform/http/cursor.ts';
import { badRequest, validationFailed } from '../../platform/http/errors.ts';
import { AuditRepository, type AuditFilter, type AuditRow } from './audit.repository.ts';
import type { Changes } from './audit.table.ts';

/** Who asked for a change, as the route knows it: the signed-in user (none for a job) and the request's id. */
export interface AuditActor {
  actorId: string | null;
  requestId: string | null;
}

/** The service acting by itself (sample data, a job): no user, no request. */
export const SERVICE_ACTOR: AuditActor = Object.freeze({ actorId: null, requestId: null });

export interface AuditEntry extends AuditActor {
  /** A stable name such as `user.roles.changed`: clients and operators match on it. */
  action: string;
  objectType: string;
  objectId: string | null;
  changes: Changes;
}

/**
 * The port other modules record through: the entry is written by the caller's transaction, so it
 * commits with the change it describes and goes with it on a rollback.
 */
export class AuditTrail {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  async record(tx: Executor, entry: AuditEntry): Promise<void> {
    const { actorId, requestId, action, objectType, objectId, changes } = entry;
    await new AuditRepository(tx).insert({ actorId, requestId, action, objectType, objectId, changes, at: this.#clock.now() });
  }

  /** `<objectType>.deleted` for a named object (an activity, a venue): its name is what the entry keeps of it. */
  recordDeleted(tx: Executor, actor: AuditActor, deleted: { objectType: string; objectId: string; name: string }): Promise<void> {
    const { objectType, objectId, name } = deleted;
    return this.record(tx, { ...actor, action: `${objectType}.deleted`, objectType, objectId, changes: changesBetween({ name }, null) });
  }
}

/** The fields whose value differs between `before` and `after` (absent counts as null), with both values. */
export function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

export interface AuditQuery extends AuditFilter {
  cursor?: string;
  size: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface AuditServiceDeps {
  db: Database;
  clock: Clock;
  cursors: CursorCodec;
  retentionDays: number;
}

/** The admins' reading of the trail, and its retention. */
export class AuditService {
  readonly #deps: AuditServiceDeps;

  constructor(deps: AuditServiceDeps) {
    this.#deps = deps;
  }

  /** Newest first, a cursor page; the cursor is sealed to the filters it was made under. */
  async page(query: AuditQuery): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
    const filter: AuditFilter = { objectType: query.objectType, objectId: query.objectId, actorId: query.actorId };
    if (filter.objectId !== undefined && filter.objectType === undefined) {
      throw validationFailed([{ field: 'objectId', location: 'query', message: 'needs objectType' }]);
    }
    const { db, cursors } = this.#deps;
    const scope = `audit:${JSON.stringify([filter.objectType ?? null, filter.objectId ?? null, filter.actorId ?? null])}`;
    const after = query.cursor ? positionOf(cursors.decode(query.cursor, scope)) : undefined;
    const found = await new AuditRepository(db).page(filter, after, query.size + 1);
    const rows = found.slice(0, query.size);
    const last = rows.at(-1);
    const nextCursor = found.length > query.size && last ? cursors.encode([last.at.toISOString(), last.seq], scope) : null;
    return { rows, nextCursor };
  }

  /** Deletes the entries older than the retention (AUDIT_RETENTION_DAYS); answers how many. */
  purgeExpired(): Promise<number> {
    const { db, clock, retentionDays } = this.#deps;
    const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS);
    return new AuditRepository(db).deleteBefore(cutoff);
  }
}

function positionOf([at, seq]: Array<string | number>): { at: Date; seq: number } {
  // Sealed by this service, so only a bug could make it malformed; still refuse it like any bad cursor.
  if (typeof at !== 'string' || typeof seq !== 'number' || !Number.isSafeInteger(seq) || Number.isNaN(Date.parse(at))) {
    throw badRequest('invalid_cursor', 'The cursor is malformed.', [{ field: 'cursor', location: 'query', message: 'is not a valid cursor for this query' }]);
  }
  return { at: new Date(at), seq };
}
