import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auditOf, auditPage } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { buildTestApp, runJob, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, mintTokens, type TestUser } from '../../../test/helpers/users.ts';

const DAY_S = 24 * 60 * 60;

for (const backend of backends) {
  describe(`reading the audit trail (${backend.name})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let other: TestUser;
    const clock = new TestClock(new Date('2031-03-01T00:00:00Z'));

    before(async () => {
      t = await buildTestApp(backend, { AUDIT_RETENTION_DAYS: '30' }, { clock });
      admin = await createUser(t.app, { admin: true });
      other = await createUser(t.app, { admin: true });
    });
    after(() => t.close());

    const createActivity = async (who: TestUser, name: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/activities', headers: who.auth, payload: { name } });
      assert.equal(response.statusCode, 201, response.body);
      return response.json().data.id as string;
    };

    it('is for admins only', async () => {
      const user = await createUser(t.app);
      assertProblem(await t.app.inject({ url: '/api/v1/admin/audit', headers: user.auth }), 403);
      assertProblem(await t.app.inject({ url: '/api/v1/admin/audit' }), 401);
    });

    it('pages newest first with a cursor, filtered by actor, with no entry twice or missed', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(await createActivity(other, `Paged Ball ${i}`));
        if (i % 2 === 0) clock.advance(1);
      }
      await createActivity(admin, 'Not by the other admin');
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await auditPage(t.app, admin, { actorId: other.id, size: 2, ...(cursor ? { cursor } : {}) });
        assert.ok(page.content.length <= 2);
        for (const entry of page.content) assert.equal(entry.actorId, other.id);
        seen.push(...page.content.map((entry) => entry.objectId!));
        cursor = page.nextCursor;
      } while (cursor);
      assert.deepEqual(seen, [...ids].reverse(), 'newest first, every entry once');
    });

    it('filters by object, refuses objectId without objectType and a cursor made under other filters', async () => {
      const id = await createActivity(admin, 'Filtered Ball');
      const entries = await auditOf(t.app, admin, 'activity', id);
      assert.deepEqual(
        entries.map((entry) => [entry.action, entry.objectId]),
        [['activity.created', id]],
      );
      assertProblem(await t.app.inject({ url: `/api/v1/admin/audit?objectId=${id}`, headers: admin.auth }), 400, 'validation_failed');
      const page = await auditPage(t.app, admin, { size: 1 });
      assert.ok(page.nextCursor);
      const reused = await t.app.inject({ url: `/api/v1/admin/audit?size=1&actorId=${admin.id}&cursor=${page.nextCursor}`, headers: admin.auth });
      assertProblem(reused, 400, 'invalid_cursor');
      assertProblem(await t.app.inject({ url: '/api/v1/admin/audit?cursor=forged.cursor', headers: admin.auth }), 400, 'invalid_cursor');
    });

    it('keeps entries for AUDIT_RETENTION_DAYS: the audit-retention job deletes older ones only', async () => {
      const old = await createActivity(admin, 'Old Ball');
      // Tokens are checked against the test clock: after moving it, the admin needs a fresh one.
      const refresh = async () => {
        admin.auth.authorization = `Bearer ${(await mintTokens(t.app, admin.id)).accessToken}`;
      };
      clock.advance(20 * DAY_S);
      await refresh();
      const recent = await createActivity(admin, 'Recent Ball');
      clock.advance(11 * DAY_S);
      await refresh();
      assert.ok((await runJob(t.app, 'audit-retention')) >= 1);
      assert.deepEqual(await auditOf(t.app, admin, 'activity', old), []);
      assert.equal((await auditOf(t.app, admin, 'activity', recent)).length, 1);
    });
  });
}
