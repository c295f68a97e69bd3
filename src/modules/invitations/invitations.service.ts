import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuditActor, AuditTrail } from '../audit/index.ts';
import type { UsersService } from '../users/index.ts';
import { presentInvitation, type PresentedInvitation } from './invitations.presenter.ts';
import { InvitationsRepository, type InvitationRow } from './invitations.repository.ts';
import type { InvitationKind } from './invitations.table.ts';

/** An invitation stays open this long (a game co-host's at most until the game starts). */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type { InvitationKind, InvitationRow };

/**
 * Where the series and games modules record the invitations they send: each call runs in the
 * caller's transaction, under the caller's row lock on the series or game.
 */
export class Invitations {
  readonly #clock: Clock;

  constructor(deps: { clock: Clock }) {
    this.#clock = deps.clock;
  }

  /** The invitation's end: INVITATION_DAYS from now, or `until` (a game's start) when that is sooner. */
  expiry(until?: Date): Date {
    const end = new Date(this.#clock.now().getTime() + INVITATION_DAYS * DAY_MS);
    return until && until < end ? until : end;
  }

  /** A new invitation (`created`), or the one still open: inviting again changes nothing and tells nobody twice. */
  async invite(
    values: { kind: InvitationKind; targetId: string; userId: string; invitedBy: string; expiresAt: Date },
    executor: Executor,
  ): Promise<{ invitation: InvitationRow; created: boolean }> {
    const now = this.#clock.now();
    const repository = new InvitationsRepository(executor);
    const created = await repository.invite({ ...values, createdAt: now }, now);
    if (created) return { invitation: created, created: true };
    // The unique key kept the open one; it is still open (an expired one would have been replaced).
    const open = await repository.open(values.kind, values.targetId, values.userId, now);
    return { invitation: open!, created: false };
  }

  withdraw(kind: InvitationKind, targetId: string, userId: string, executor: Executor): Promise<boolean> {
    return new InvitationsRepository(executor).withdraw(kind, targetId, userId, this.#clock.now());
  }

  openFor(kind: InvitationKind, targetId: string, executor: Executor): Promise<InvitationRow[]> {
    return new InvitationsRepository(executor).openFor(kind, targetId, this.#clock.now());
  }

  /** Inside the account deletion's transaction. */
  forgetUser(userId: string, executor: Executor): Promise<void> {
    return new InvitationsRepository(executor).forgetUser(userId);
  }
}

/**
 * What accepting makes of an invitation, supplied by the module that owns the membership: `accept`
 * runs in the transaction that takes the invitation (a refusal there keeps it open), `afterAccept`
 * after it commits.
 */
export interface InvitationAcceptor {
  accept(invitation: InvitationRow, executor: Executor): Promise<void>;
  afterAccept?(invitation: InvitationRow): Promise<void>;
}

export interface InvitationInboxDeps {
  db: Database;
  clock: Clock;
  users: Pick<UsersService, 'namesOf'>;
  acceptors: Record<InvitationKind, InvitationAcceptor>;
  audit: AuditTrail;
}

/** The invitations whose answer changes who runs a game or series, and so is recorded in the audit trail. */
const AUDITED: Partial<Record<InvitationKind, { objectType: string; action: string }>> = {
  GAME_CO_HOST: { objectType: 'game', action: 'game.co-host.invitation' },
  SERIES_CO_HOST: { objectType: 'series', action: 'series.co-host.invitation' },
};

const invitationNotFound = () => notFound('The invitation was not found, or it is no longer open.', 'invitation_not_found');

/** The invited person's side (`/me/invitations`): their open invitations, accepted or declined. */
export class InvitationInbox {
  readonly #deps: InvitationInboxDeps;

  constructor(deps: InvitationInboxDeps) {
    this.#deps = deps;
  }

  async mine(userId: string): Promise<PresentedInvitation[]> {
    const rows = await new InvitationsRepository(this.#deps.db).mine(userId, this.#deps.clock.now());
    const names = await this.#deps.users.namesOf(rows.map((row) => row.invitedBy));
    return rows.map((row) => presentInvitation(row, names.get(row.invitedBy) ?? null));
  }

  /** Taking the invitation and becoming a member are one transaction: both happen, or neither. */
  async accept(userId: string, id: string, trail: AuditActor): Promise<void> {
    const { db, clock, acceptors } = this.#deps;
    const invitation = await db.transaction(async (tx) => {
      const taken = await new InvitationsRepository(tx).take(id, userId, clock.now());
      if (!taken) throw invitationNotFound();
      await acceptors[taken.kind].accept(taken, tx);
      await this.#record(tx, taken, 'accepted', trail);
      return taken;
    });
    await acceptors[invitation.kind].afterAccept?.(invitation);
  }

  /** Declining changes nothing else. */
  async decline(userId: string, id: string, trail: AuditActor): Promise<void> {
    await this.#deps.db.transaction(async (tx) => {
      const taken = await new InvitationsRepository(tx).take(id, userId, this.#deps.clock.now());
      if (!taken) throw invitationNotFound();
      await this.#record(tx, taken, 'declined', trail);
    });
  }

  async #record(tx: Executor, invitation: InvitationRow, answer: 'accepted' | 'declined', trail: AuditActor): Promise<void> {
    const audited = AUDITED[invitation.kind];
    if (!audited) return;
    const who = { userId: invitation.userId };
    const changes: Record<string, { before: unknown; after: unknown }> = { coHostInvitation: { before: who, after: null } };
    if (answer === 'accepted') changes.coHost = { before: null, after: who };
    await this.#deps.audit.record(tx, {
      ...trail,
      action: `${audited.action}.${answer}`,
      objectType: audited.objectType,
      objectId: invitation.targetId,
      changes,
    });
  }
}
