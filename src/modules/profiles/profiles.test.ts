import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { INTERNAL_SECRET } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

interface Ladder {
  id: string;
  skillLevels: Array<{ id: string; name: string }>;
}

const CONTACT = [{ name: 'WHATSAPP', value: '+65 9123 4567' }];

for (const backend of backends) {
  describe(`me (${backend.name})`, () => {
    let badminton: Ladder;
    let pickleball: Ladder;

    const t = appSuite(backend, { admin: true });
    before(async () => {
      const create = async (name: string, levels: string[]) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/activities',
          headers: t.admin.auth,
          payload: { name, skillLevels: levels.map((level, sortOrder) => ({ name: level, sortOrder })) },
        });
        assert.equal(response.statusCode, 201, response.body);
        return response.json().data as Ladder;
      };
      badminton = await create('Badminton', ['Beginner', 'Intermediate', 'Advanced']);
      pickleball = await create('Pickleball', ['Novice', 'Pro']);
    });

    const me = (user: TestUser) => t.app.inject({ url: '/api/v1/me', headers: user.auth });
    const post = (user: TestUser, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/me', headers: user.auth, payload: payload as object });
    const put = (user: TestUser, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/v1/me', headers: user.auth, payload: payload as object });
    const fieldsOf = (body: { errors: Array<{ field: string; location: string }> }) => body.errors.map((e) => `${e.location}:${e.field}`).sort();

    it('shows a new user as not onboarded, with empty profile and zero totals', async () => {
      const user = await createUser(t.app, { name: 'Provider Name', email: 'p@example.com' });
      const response = await me(user);
      assert.equal(response.statusCode, 200);
      const { data } = response.json();
      assert.deepEqual(data, {
        userId: user.id,
        authProvider: 'SOCIAL',
        name: 'Provider Name',
        email: 'p@example.com',
        contactMethods: [],
        skillLevels: [],
        roles: [],
        hasCompletedOnboarding: false,
        totalGamesJoined: 0,
        totalGamesHosted: 0,
        createdAt: data.createdAt,
      });
      assert.ok(!Number.isNaN(Date.parse(data.createdAt)));
    });

    it('completes onboarding once: 201 with the profile, then 409 profile_already_completed', async () => {
      const user = await createUser(t.app);
      const body = {
        name: '  Mei Ling ',
        contactMethods: [...CONTACT, { name: 'TELEGRAM', value: '@meiling_sg' }],
        skillLevels: [{ activityId: badminton.id, skillLevelId: badminton.skillLevels[1]!.id }],
      };
      const created = await post(user, body);
      assert.equal(created.statusCode, 201, created.body);
      const { data } = created.json();
      assert.equal(data.hasCompletedOnboarding, true);
      assert.equal(data.name, 'Mei Ling');
      assert.deepEqual(data.contactMethods, [
        { name: 'WHATSAPP', value: '+65 9123 4567' },
        { name: 'TELEGRAM', value: '@meiling_sg' },
      ]);
      assert.deepEqual(data.skillLevels, body.skillLevels);
      assert.deepEqual((await me(user)).json().data, data);

      assertProblem(await post(user, body), 409, 'profile_already_completed');
    });

    it('takes the lowercase spelling of earlier callers and answers uppercase enums', async () => {
      const user = await createUser(t.app);
      const created = await post(user, {
        name: 'Legacy',
        contactMethods: [
          { name: 'whatsapp', value: '+65 9123 4567' },
          { name: 'Telegram', value: '@legacy_sg' },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.deepEqual(created.json().data.contactMethods, [
        { name: 'WHATSAPP', value: '+65 9123 4567' },
        { name: 'TELEGRAM', value: '@legacy_sg' },
      ]);
      const patched = await put(user, { contactMethods: [{ name: 'messenger', value: 'legacy.sg' }] });
      assert.deepEqual(patched.json().data.contactMethods, [{ name: 'MESSENGER', value: 'legacy.sg' }]);
      assert.deepEqual((await me(user)).json().data.contactMethods, [{ name: 'MESSENGER', value: 'legacy.sg' }]);
      assert.equal((await me(user)).json().data.authProvider, 'SOCIAL');
    });

    it('lets only one of two simultaneous onboardings succeed', async () => {
      const user = await createUser(t.app);
      const results = await Promise.all([post(user, { name: 'A', contactMethods: CONTACT }), post(user, { name: 'B', contactMethods: CONTACT })]);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409]);
    });

    const badBodies: Array<[string, () => unknown, number, string, string[]?]> = [
      ['an empty name', () => ({ name: '', contactMethods: CONTACT }), 400, 'validation_failed', ['body:name']],
      ['a blank name', () => ({ name: '   ', contactMethods: CONTACT }), 400, 'validation_failed', ['body:name']],
      ['a 201-character name', () => ({ name: 'x'.repeat(201), contactMethods: CONTACT }), 400, 'validation_failed', ['body:name']],
      ['no contact methods', () => ({ name: 'Ann', contactMethods: [] }), 400, 'validation_failed', ['body:contactMethods']],
      [
        'eleven contact methods',
        () => ({ name: 'Ann', contactMethods: Array.from({ length: 11 }, (_, i) => ({ name: 'WHATSAPP', value: `+6591234${String(i).padStart(3, '0')}` })) }),
        400,
        'validation_failed',
        ['body:contactMethods'],
      ],
      [
        'an unknown contact method',
        () => ({ name: 'Ann', contactMethods: [{ name: 'fax', value: '+6561234567' }] }),
        400,
        'validation_failed',
        ['body:contactMethods[0].name'],
      ],
      [
        'a contact method without value',
        () => ({ name: 'Ann', contactMethods: [{ name: 'fax' }] }),
        400,
        'validation_failed',
        ['body:contactMethods[0].name', 'body:contactMethods[0].value'],
      ],
      [
        'a whatsapp value that is no phone number',
        () => ({
          name: 'Ann',
          contactMethods: [
            { name: 'TELEGRAM', value: '@good_name' },
            { name: 'WHATSAPP', value: 'call me' },
          ],
        }),
        400,
        'validation_failed',
        ['body:contactMethods[1].value'],
      ],
      [
        'a level of another activity',
        () => ({ name: 'Ann', contactMethods: CONTACT, skillLevels: [{ activityId: badminton.id, skillLevelId: pickleball.skillLevels[0]!.id }] }),
        400,
        'validation_failed',
        ['body:skillLevels[0].skillLevelId'],
      ],
      [
        'an unknown level',
        () => ({ name: 'Ann', contactMethods: CONTACT, skillLevels: [{ activityId: badminton.id, skillLevelId: '00000000-0000-4000-8000-000000000000' }] }),
        400,
        'validation_failed',
        ['body:skillLevels[0].skillLevelId'],
      ],
      [
        'the same activity twice',
        () => ({
          name: 'Ann',
          contactMethods: CONTACT,
          skillLevels: [
            { activityId: badminton.id, skillLevelId: badminton.skillLevels[0]!.id },
            { activityId: badminton.id, skillLevelId: badminton.skillLevels[1]!.id },
          ],
        }),
        409,
        'duplicate_skill_level_activity',
      ],
    ];

    for (const [what, body, status, code, fields] of badBodies) {
      it(`refuses onboarding with ${what} (${status} ${code}) and changes nothing`, async () => {
        const user = await createUser(t.app, { name: 'Before' });
        const problem = assertProblem(await post(user, body()), status, code);
        if (fields) assert.deepEqual(fieldsOf(problem), fields);
        const after = (await me(user)).json().data;
        assert.equal(after.hasCompletedOnboarding, false);
        assert.equal(after.name, 'Before');
        assert.deepEqual(after.contactMethods, []);
      });
    }

    it('patches only the fields given', async () => {
      const user = await createUser(t.app);
      await post(user, { name: 'Original', contactMethods: CONTACT, skillLevels: [{ activityId: badminton.id, skillLevelId: badminton.skillLevels[0]!.id }] });
      const renamed = await put(user, { name: 'Renamed' });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().data.name, 'Renamed');
      assert.deepEqual(renamed.json().data.contactMethods, CONTACT);
      assert.equal(renamed.json().data.skillLevels.length, 1);

      const levels = [
        { activityId: badminton.id, skillLevelId: badminton.skillLevels[2]!.id },
        { activityId: pickleball.id, skillLevelId: pickleball.skillLevels[1]!.id },
      ];
      const changed = (await put(user, { contactMethods: [{ name: 'MESSENGER', value: 'ann.plays' }], skillLevels: levels })).json().data;
      assert.deepEqual(changed.contactMethods, [{ name: 'MESSENGER', value: 'ann.plays' }]);
      assert.deepEqual(new Set(changed.skillLevels.map((l: { skillLevelId: string }) => l.skillLevelId)), new Set(levels.map((l) => l.skillLevelId)));
      assert.equal(changed.name, 'Renamed');
      assert.equal(changed.hasCompletedOnboarding, true);

      assertProblem(await put(user, { skillLevels: [levels[0], levels[0]] }), 409, 'duplicate_skill_level_activity');
      assertProblem(await put(user, { name: '' }), 400, 'validation_failed');
      assert.deepEqual((await me(user)).json().data, changed);
    });

    it('drops a chosen level from the profile once the ladder retires it', async () => {
      const activity = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/activities',
          headers: t.admin.auth,
          payload: {
            name: 'Squash',
            skillLevels: [
              { name: 'Low', sortOrder: 0 },
              { name: 'High', sortOrder: 1 },
            ],
          },
        })
      ).json().data as Ladder;
      const user = await createUser(t.app);
      await post(user, { name: 'Sam', contactMethods: CONTACT, skillLevels: [{ activityId: activity.id, skillLevelId: activity.skillLevels[0]!.id }] });
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/activities/${activity.id}/skill-levels`,
        headers: t.admin.auth,
        payload: { skillLevels: [{ name: 'High', sortOrder: 0 }] },
      });
      assert.deepEqual((await me(user)).json().data.skillLevels, []);
    });

    it('deletes the account: 204, tokens stop working, personal data is gone, the identity can sign up anew', async () => {
      const subject = `delete-me-${Date.now()}`;
      const user = await createUser(t.app, { subject, name: 'Gone Soon', email: 'gone@example.com' });
      await post(user, { name: 'Gone Soon', contactMethods: CONTACT });
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: user.auth });
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');

      assertProblem(await me(user), 401);
      assertProblem(
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: user.refreshToken } }),
        401,
        'invalid_refresh_token',
      );

      const listed = await t.app.inject({ url: '/api/v1/admin/users?q=gone', headers: t.admin.auth });
      assert.equal(listed.json().data.page.totalElements, 0);

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/internal/users',
        headers: { 'x-internal-secret': INTERNAL_SECRET },
        payload: { authProvider: 'social', subject },
      });
      assert.equal(again.statusCode, 201, 'a new account, not the erased one');
      assert.notEqual(again.json().data.id, user.id);
    });
  });
}

// Rows written before the enums were uppercase hold lowercase names; only SQL can make one now.
