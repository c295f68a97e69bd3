import type { SQL } from 'drizzle-orm';
import type { SignalledCache } from '../../platform/cache/signalled-cache.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { changesBetween, type AuditActor, type AuditTrail } from '../audit/index.ts';
import { AccessReads } from './access-reads.ts';
import { userNameOf, UsersRepository, type AccessUser, type UserRow } from './users.repository.ts';

export type AuthProvider = 'national' | 'social';
export const ROLES = ['ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export interface ProvisionInput {
  /** Either spelling: bodies carry `NATIONAL`, sign-in the stored `national`. */
  authProvider: AuthProvider | Uppercase<AuthProvider>;
  subject: string;
  name?: string;
  email?: string;
}

export class UsersService {
  readonly #db: Database;
  readonly #users: UsersRepository;
  readonly #audit: AuditTrail;
  readonly #access: SignalledCache<AccessUser> | undefined;
  /** The cache's misses of one moment, read in one statement. */
  readonly #accessReads: AccessReads;

  /** `access` keeps the per-request user check in memory; users.compose.ts feeds it the database's signals. */
  constructor(db: Database, audit: AuditTrail, access?: SignalledCache<AccessUser>) {
    this.#db = db;
    this.#users = new UsersRepository(db);
    this.#audit = audit;
    this.#access = access;
    this.#accessReads = new AccessReads((ids) => this.#users.findAccessUsers(ids));
  }

  /** Within another module's transaction when `executor` is given. */
  #repository(executor: Executor | undefined): UsersRepository {
    return executor ? new UsersRepository(executor) : this.#users;
  }

  /** Finds or creates the user of a provider identity (sign-in and internal provisioning). */
  provision(input: ProvisionInput): Promise<{ row: UserRow; created: boolean }> {
    return this.#users.upsertIdentity({ authProvider: input.authProvider.toLowerCase(), providerSubject: input.subject, name: input.name, email: input.email });
  }

  /** The live user behind a token, or undefined when deleted or unknown: from memory for a few seconds, never after a revocation. */
  findAccessUser(id: string): Promise<AccessUser | undefined> {
    const read = (key: string) => this.#accessReads.get(key);
    return this.#access ? this.#access.get(id, read) : read(id);
  }

  /** Display names by id (null once erased), one query for a whole page; in another module's transaction when `executor` is given. */
  /** One user's name as SQL, for a statement of another module's (the same answer as `namesOf`). */
  nameOf(userId: SQL): SQL<string | null> {
    return userNameOf(userId);
  }

  async namesOf(ids: string[], executor?: Executor): Promise<Map<string, string | null>> {
    const rows = await this.#repository(executor).namesByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Which of these users still have an account, one query for any number. */
  async liveIds(ids: string[]): Promise<Set<string>> {
    return new Set(await this.#users.liveIds([...new Set(ids)]));
  }

  /** The account, unless it is deleted (or never was). */
  findLive(id: string): Promise<UserRow | undefined> {
    return this.#users.findLive(id);
  }

  page(options: { q?: string; page: number; size: number }) {
    return this.#users.page({ q: options.q, limit: options.size, offset: options.page * options.size });
  }

  async rename(id: string, name: string, executor?: Executor): Promise<void> {
    if (!(await this.#repository(executor).rename(id, name))) throw notFound('The user was not found.', 'user_not_found');
  }

  /**
   * Soft-deletes the account and erases its personal data; the id stays for others' records.
   * Answers `signalled`, which settles once this instance heard the deletion's signal (sent at
   * commit): a caller that runs it in its transaction awaits it after committing.
   */
  async erase(id: string, executor?: Executor): Promise<{ signalled: Promise<void> }> {
    // Not cached here from now until the deletion's signal: its transaction may commit later.
    const signalled = this.#access?.hold(id) ?? Promise.resolve();
    if (!(await this.#repository(executor).erase(id))) throw notFound('The user was not found.', 'user_not_found');
    return { signalled };
  }

  /**
   * The user's sessions ended (logout): every instance hears the access signal, so its cache
   * forgets the user and the user's open notification streams end there at once.
   */
  sessionsEnded(id: string): Promise<void> {
    return this.#users.signalAccess(id);
  }

  /** Answers once this instance heard the change's signal, which the database sends every instance at the same commit. */
  async setRoles(id: string, roles: Role[], actor: AuditActor): Promise<UserRow> {
    const signalled = this.#access?.hold(id);
    const row = await this.#db.transaction(async (tx) => {
      const repository = new UsersRepository(tx);
      const before = await repository.lockLive(id);
      if (!before) throw notFound('The user was not found.', 'user_not_found');
      const after = await repository.setRoles(id, [...new Set(roles)]);
      // Sorted: the same roles in another order are no change.
      const changes = changesBetween({ roles: [...before.roles].sort() }, { roles: [...(after?.roles ?? [])].sort() });
      if (Object.keys(changes).length) await this.#audit.record(tx, { ...actor, action: 'user.roles.changed', objectType: 'user', objectId: id, changes });
      return after;
    });
    if (!row) throw notFound('The user was not found.', 'user_not_found');
    await signalled;
    return row;
  }
}
