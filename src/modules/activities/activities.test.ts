import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { backends } from '../../../test/helpers/backends.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

interface Activity {
  id: string;
  name: string;
  skillLevels: Array<{ id: string; name: string; sortOrder: number }>;
  createdAt: string;
  updatedAt: string;
}

const ladder = (...names: string[]) => names.map((name, sortOrder) => ({ name, sortOrder }));

for (const backend of backends) {
  describe(`activities (${backend.name})`, () => {
    let user: TestUser;

    const t = appSuite(backend, { env: { RATE_LIMIT_PUBLIC_ANON: '100000' }, admin: true });
    before(async () => {
      user = await createUser(t.app);
    });

    const create = (payload: object, who: TestUser = t.admin) => t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', headers: who.auth, payload });
    const createOk = async (name: string, levels = ladder('Low', 'High')) => {
      const response = await create({ name, skillLevels: levels });
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data as Activity;
    };
    const list = async (query = '') => {
      const response = await t.app.inject({ url: `/api/v1/activities${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as { content: Activity[]; page: { number: number; size: number; totalElements: number; totalPages: number } };
    };

    it('creates an activity with its ladder in order, readable anonymously', async () => {
      const created = await createOk('Table Tennis', [
        { name: 'Pro', sortOrder: 5 },
        { name: 'Casual', sortOrder: 1 },
      ]);
      assert.equal(created.name, 'Table Tennis');
      assert.deepEqual(
        created.skillLevels.map((l) => [l.name, l.sortOrder]),
        [
          ['Casual', 1],
          ['Pro', 5],
        ],
      );
      const fetched = await t.app.inject({ url: `/api/v1/activities/${created.id}` });
      assert.equal(fetched.statusCode, 200);
      assert.deepEqual(fetched.json().data, created);
    });

    it('pages the list by name, with a right page block on the first page and past the end', async () => {
      for (const name of ['Alpha Ball', 'Beta Ball', 'Gamma Ball']) await createOk(name);
      const total = (await list()).page.totalElements;
      assert.ok(total >= 3);
      const first = await list('?page=0&size=2');
      assert.deepEqual(first.page, { number: 0, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
      assert.equal(first.content.length, 2);
      assert.deepEqual(
        first.content.map((a) => a.name),
        ['Alpha Ball', 'Beta Ball'],
      );
      const past = await list('?page=50&size=2');
      assert.deepEqual(past, { content: [], page: { number: 50, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) } });
      assertProblem(await t.app.inject({ url: '/api/v1/activities?size=101' }), 400, 'validation_failed');
    });

    it('refuses a second activity of the same name, whatever the case (409 activity_already_exists)', async () => {
      await createOk('Futsal');
      assertProblem(await create({ name: 'FUTSAL' }), 409, 'activity_already_exists');
      const other = await createOk('Sepak Takraw');
      assertProblem(
        await t.app.inject({ method: 'PUT', url: `/api/v1/admin/activities/${other.id}`, headers: t.admin.auth, payload: { name: 'futsal' } }),
        409,
        'activity_already_exists',
      );
      assert.equal((await t.app.inject({ url: `/api/v1/activities/${other.id}` })).json().data.name, 'Sepak Takraw');
    });

    it('refuses a ladder with repeated names or positions, and writes nothing', async () => {
      const before = (await list()).page.totalElements;
      const problem = assertProblem(
        await create({
          name: 'Volleyball',
          skillLevels: [
            { name: 'A', sortOrder: 0 },
            { name: 'a', sortOrder: 0 },
          ],
        }),
        400,
        'validation_failed',
      );
      assert.deepEqual(problem.errors.map((e: { field: string }) => e.field).sort(), ['skillLevels[1].name', 'skillLevels[1].sortOrder']);
      assertProblem(await create({ name: '' }), 400, 'validation_failed');
      assert.equal((await list()).page.totalElements, before);
    });

    it('keeps admin writes for admins: 403 for a user, 401 anonymously', async () => {
      assertProblem(await create({ name: 'Darts' }, user), 403, 'forbidden');
      assertProblem(await t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', payload: { name: 'Darts' } }), 401);
    });

    it('renames an activity', async () => {
      const activity = await createOk('Tenis');
      const renamed = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/activities/${activity.id}`, headers: t.admin.auth, payload: { name: 'Tennis' } });
      assert.equal(renamed.statusCode, 200);
      assert.equal(renamed.json().data.name, 'Tennis');
      assert.deepEqual(renamed.json().data.skillLevels, activity.skillLevels);
    });

    it('replaces a ladder: surviving names keep their ids, others go, new ones come', async () => {
      const activity = await createOk('Badminton', ladder('Beginner', 'Intermediate', 'Advanced'));
      const [beginner, , advanced] = activity.skillLevels;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/activities/${activity.id}/skill-levels`,
        headers: t.admin.auth,
        payload: {
          skillLevels: [
            { name: 'beginner', sortOrder: 0 },
            { name: 'Improver', sortOrder: 1 },
            { name: 'Advanced', sortOrder: 2 },
          ],
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const levels = response.json().data.skillLevels as Activity['skillLevels'];
      assert.deepEqual(
        levels.map((l) => l.name),
        ['beginner', 'Improver', 'Advanced'],
      );
      assert.equal(levels[0]!.id, beginner!.id);
      assert.equal(levels[2]!.id, advanced!.id);
      assert.ok(!activity.skillLevels.some((l) => l.id === levels[1]!.id));
      assertProblem(
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/activities/00000000-0000-4000-8000-000000000000/skill-levels',
          headers: t.admin.auth,
          payload: { skillLevels: [] },
        }),
        404,
        'activity_not_found',
      );
    });

    it('will not delete an activity a venue uses (409 activity_in_use), and soft-deletes it once unused', async () => {
      const activity = await createOk('Basketball');
      const venue = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/venues',
        headers: t.admin.auth,
        payload: { name: 'Court', address: '1 Hoop Road', latitude: 1.3, longitude: 103.8, activityIds: [activity.id] },
      });
      assert.equal(venue.statusCode, 201, venue.body);
      const remove = () => t.app.inject({ method: 'DELETE', url: `/api/v1/admin/activities/${activity.id}`, headers: t.admin.auth });
      assertProblem(await remove(), 409, 'activity_in_use');
      assert.equal((await t.app.inject({ url: `/api/v1/activities/${activity.id}` })).statusCode, 200);

      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/venues/${venue.json().data.id}`, headers: t.admin.auth })).statusCode, 204);
      const deleted = await remove();
      assert.equal(deleted.statusCode, 204);
      assert.equal(deleted.body, '');
      assertProblem(await t.app.inject({ url: `/api/v1/activities/${activity.id}` }), 404, 'activity_not_found');
      assert.ok(!(await list('?size=100')).content.some((a) => a.id === activity.id));
      assertProblem(await remove(), 404);
      // The name is free again.
      await createOk('Basketball');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      assertProblem(await t.app.inject({ url: '/api/v1/activities/00000000-0000-4000-8000-000000000000' }), 404, 'activity_not_found');
      const problem = assertProblem(await t.app.inject({ url: '/api/v1/activities/not-a-uuid' }), 400, 'validation_failed');
      assert.equal(problem.errors[0].location, 'path');
    });
  });
}
