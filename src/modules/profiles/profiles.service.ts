import type { Database, Executor } from '../../platform/db/index.ts';
import { conflict, notFound, validationFailed, type FieldError } from '../../platform/http/errors.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { UsersService } from '../users/index.ts';
import { checkContactMethods } from './contact-methods.ts';
import { ProfilesRepository, type ProfileRow, type ProfileSkillLevelRow } from './profiles.repository.ts';
import type { OnboardingInput, ProfilePatch } from './profiles.schemas.ts';

type UserRow = NonNullable<Awaited<ReturnType<UsersService['findLive']>>>;
type SkillLevelChoice = NonNullable<OnboardingInput['skillLevels']>[number];

export interface MeView {
  user: UserRow;
  profile: ProfileRow | undefined;
  skillLevels: ProfileSkillLevelRow[];
  totals: { joined: number; hosted: number };
}

/** Runs inside the deletion's transaction, before personal data is erased (games: cancel, leave). */
export type AccountDeletionStep = (userId: string, executor: Executor) => Promise<void>;
export type GameTotals = (userId: string) => Promise<{ joined: number; hosted: number }>;

export interface ProfilesServiceDeps {
  db: Database;
  users: UsersService;
  activities: ActivitiesService;
  revokeTokens: (userId: string) => Promise<void>;
  /** Games hosted and joined, from the games module. */
  gameTotals: GameTotals;
  /** Other modules settle their records first, in the deletion's transaction, in this order. */
  deletionSteps: AccountDeletionStep[];
}

const alreadyCompleted = () => conflict('profile_already_completed', 'Onboarding is already complete; use PUT /api/v1/me to change the profile.');

export class ProfilesService {
  readonly #deps: ProfilesServiceDeps;

  constructor(deps: ProfilesServiceDeps) {
    this.#deps = deps;
  }

  async hasCompletedOnboarding(userId: string): Promise<boolean> {
    return (await new ProfilesRepository(this.#deps.db).find(userId))?.onboardedAt != null;
  }

  async me(userId: string): Promise<MeView> {
    const repository = new ProfilesRepository(this.#deps.db);
    const [user, profile, chosen, totals] = await Promise.all([
      this.#deps.users.findLive(userId),
      repository.find(userId),
      repository.skillLevelsOf(userId),
      this.#deps.gameTotals(userId),
    ]);
    // The access plugin checked the account is live; only a deletion racing this read gets here.
    if (!user) throw notFound('The user was not found.', 'user_not_found');
    // A level retired from its ladder (or of a deleted activity) no longer describes the player.
    const live = await this.#deps.activities.liveLevels(chosen.map((level) => level.skillLevelId));
    return { user, profile, skillLevels: chosen.filter((level) => live.get(level.skillLevelId) === level.activityId), totals };
  }

  async completeOnboarding(userId: string, input: OnboardingInput): Promise<MeView> {
    if (await this.hasCompletedOnboarding(userId)) throw alreadyCompleted();
    const { methods, skillLevels } = await this.#check(input);
    await this.#deps.db.transaction(async (tx) => {
      const repository = new ProfilesRepository(tx);
      if (!(await repository.completeOnboarding(userId, methods!))) throw alreadyCompleted();
      await this.#deps.users.rename(userId, input.name.trim(), tx);
      await repository.replaceSkillLevels(userId, skillLevels ?? []);
    });
    return this.me(userId);
  }

  async update(userId: string, patch: ProfilePatch): Promise<MeView> {
    const { methods, skillLevels } = await this.#check(patch);
    await this.#deps.db.transaction(async (tx) => {
      const repository = new ProfilesRepository(tx);
      await repository.ensure(userId);
      if (patch.name !== undefined) await this.#deps.users.rename(userId, patch.name.trim(), tx);
      if (methods) await repository.setContactMethods(userId, methods);
      if (skillLevels) await repository.replaceSkillLevels(userId, skillLevels);
      await repository.touch(userId);
    });
    return this.me(userId);
  }

  /**
   * Other modules settle their records first (the deletion steps), then the account's personal data goes
   * and the account is soft-deleted; refresh tokens are revoked last, and access tokens stop
   * working at once because every request checks that its user is live (the short access cache
   * forgets the user at the deletion's signal).
   */
  async deleteAccount(userId: string): Promise<void> {
    const { signalled } = await this.#deps.db.transaction(async (tx) => {
      for (const step of this.#deps.deletionSteps) await step(userId, tx);
      await new ProfilesRepository(tx).remove(userId);
      return this.#deps.users.erase(userId, tx);
    });
    await this.#deps.revokeTokens(userId);
    // The answer waits for the deletion's signal, which every instance's access cache receives at commit.
    await signalled;
  }

  /** The contact values and skill levels that the schema alone cannot judge. */
  async #check(input: ProfilePatch): Promise<{ methods?: ReturnType<typeof checkContactMethods>['methods']; skillLevels?: SkillLevelChoice[] }> {
    const errors: FieldError[] = [];
    const contact = input.contactMethods ? checkContactMethods(input.contactMethods) : undefined;
    if (contact) errors.push(...contact.errors);
    if (input.skillLevels) {
      const activities = input.skillLevels.map((level) => level.activityId);
      if (new Set(activities).size !== activities.length) {
        throw conflict('duplicate_skill_level_activity', 'Choose at most one skill level per activity.');
      }
      const live = await this.#deps.activities.liveLevels(input.skillLevels.map((level) => level.skillLevelId));
      input.skillLevels.forEach((level, index) => {
        if (live.get(level.skillLevelId) !== level.activityId) {
          errors.push({ field: `skillLevels[${index}].skillLevelId`, location: 'body', message: 'is not a skill level of the given activity' });
        }
      });
    }
    if (errors.length) throw validationFailed(errors);
    return { methods: contact?.methods, skillLevels: input.skillLevels };
  }
}
