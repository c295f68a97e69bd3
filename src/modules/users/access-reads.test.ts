import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { backends } from '../../../test/helpers/backends.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';
import type { Database } from '../../platform/db/index.ts';
import { UsersRepository } from './users.repository.ts';

const N = 40;

/** Issue #36, target 5: a reconnect storm's access checks read their users in a few statements, not one each. */
for (const backend of backends) {
  describe(`the access check's user reads of one moment (${backend.name})`, () => {
    let t: TestApp;
    let db: Database;
    let users: TestUser[];
    const original = UsersRepository.prototype.findAccessUsers;
    let reads = 0;
    const burst = () => Promise.all(users.map((user) => t.app.inject({ url: '/api/v1/notifications/unread-count', headers: user.auth })));

    before(async () => {
      UsersRepository.prototype.findAccessUsers = function (this: UsersRepository, ids: string[]) {
        reads++;
        return original.call(this, ids);
      };
      // No remembered users: every signed-in request reads its user.
      t = await buildTestApp(backend, { ACCESS_USER_CACHE_MS: '0' }, { onDatabase: (handle) => void (db = handle.db) });
      users = [];
      for (let i = 0; i < N; i++) users.push(await createUser(t.app));
    });
    after(async () => {
      UsersRepository.prototype.findAccessUsers = original;
      await t?.close();
    });

    it(`${N} signed-in requests at once read their users in a few statements`, async () => {
      reads = 0;
      const answers = await burst();
      assert.deepEqual(new Set(answers.map((answer) => answer.statusCode)), new Set([200]));
      assert.ok(reads >= 1 && reads <= N / 4, `${reads} user reads for ${N} requests`);
    });

    it('a user deleted before the burst is refused in it, the others answered', async () => {
      const gone = users[7]!;
      await db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
      const answers = await burst();
      answers.forEach((answer, i) => {
        assert.equal(answer.statusCode, i === 7 ? 401 : 200, `request ${i}`);
      });
      assert.equal(answers[7]!.json<{ code: string }>().code, 'invalid_token');
    });
  });
}
