import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { auditOf, auditPage, type AuditEntry } from '../../../test/helpers/audit.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { TestClock } from '../../../test/helpers/clock.ts';
import { createGame, createSport, gameBody, onboardedUser } from '../../../test/helpers/games.ts';
import { assertProblem } from '../../../test/helpers/problem.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { createUser, type TestUser } from '../../../test/helpers/users.ts';

function multipart(content: string) {
  const boundary = `----audit${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="venues.json"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The entry the request recorded: the admin's, with the request's id. */
function assertEntry(
  entry: AuditEntry | undefined,
  expected: { actor: TestUser; action: string; objectType: string; objectId: string | null; requestId: unknown },
) {
  assert.ok(entry, 'an entry was recorded');
  assert.equal(entry.actorId, expected.actor.id);
  assert.equal(entry.action, expected.action);
  assert.equal(entry.objectType, expected.objectType);
  assert.equal(entry.objectId, expected.objectId);
  assert.equal(entry.requestId, expected.requestId);
}

for (const backend of backends) {
  describe(`audit trail of the admin's acts (${backend.name})`, () => {
    let user: TestUser;
    const clock = new TestClock();

    const t = appSuite(backend, { env: { RATE_LIMIT_PUBLIC_ANON: '100000' }, overrides: { clock }, admin: true });
    before(async () => {
      user = await createUser(t.app);
    });

    it('records a role change with the roles before and after, and nothing for the same roles again or a refused change', async () => {
      const target = await createUser(t.app);
      const set = (roles: string[], who = t.admin) =>
        t.app.inject({ method: 'PUT', url: `/api/v1/admin/users/${target.id}/roles`, headers: who.auth, payload: { roles } });
      const granted = await set(['ADMIN']);
      assert.equal(granted.statusCode, 200, granted.body);
      const [entry] = await auditOf(t.app, t.admin, 'user', target.id);
      assertEntry(entry, { actor: t.admin, action: 'user.roles.changed', objectType: 'user', objectId: target.id, requestId: granted.headers['x-request-id'] });
      assert.deepEqual(entry!.changes, { roles: { before: [], after: ['ADMIN'] } });
      assert.equal((await set(['ADMIN'])).statusCode, 200);
      assertProblem(await set([], user), 403);
      assertProblem(await set(['SUPERUSER']), 400, 'validation_failed');
      assert.equal((await auditOf(t.app, t.admin, 'user', target.id)).length, 1, 'no change, a refusal and bad input record nothing');
    });

    it('records an activity created, renamed, its ladder replaced and deleted, each with only what changed', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/activities',
        headers: t.admin.auth,
        payload: { name: 'Audit Ball', skillLevels: [{ name: 'Low', sortOrder: 1 }] },
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().data.id as string;
      const renamed = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/activities/${id}`, headers: t.admin.auth, payload: { name: 'Audit Ball Two' } });
      assert.equal(renamed.statusCode, 200, renamed.body);
      const ladder = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/activities/${id}/skill-levels`,
        headers: t.admin.auth,
        payload: {
          skillLevels: [
            { name: 'Low', sortOrder: 1 },
            { name: 'High', sortOrder: 2 },
          ],
        },
      });
      assert.equal(ladder.statusCode, 200, ladder.body);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/activities/${id}`, headers: t.admin.auth });
      assert.equal(removed.statusCode, 204, removed.body);

      const [deleted, replaced, rename, create] = await auditOf(t.app, t.admin, 'activity', id);
      assertEntry(create, { actor: t.admin, action: 'activity.created', objectType: 'activity', objectId: id, requestId: created.headers['x-request-id'] });
      assert.deepEqual(create!.changes, { name: { before: null, after: 'Audit Ball' }, skillLevels: { before: null, after: [{ name: 'Low', sortOrder: 1 }] } });
      assertEntry(rename, { actor: t.admin, action: 'activity.renamed', objectType: 'activity', objectId: id, requestId: renamed.headers['x-request-id'] });
      assert.deepEqual(rename!.changes, { name: { before: 'Audit Ball', after: 'Audit Ball Two' } });
      assertEntry(replaced, {
        actor: t.admin,
        action: 'activity.levels.replaced',
        objectType: 'activity',
        objectId: id,
        requestId: ladder.headers['x-request-id'],
      });
      assert.deepEqual(replaced!.changes, {
        skillLevels: {
          before: [{ name: 'Low', sortOrder: 1 }],
          after: [
            { name: 'Low', sortOrder: 1 },
            { name: 'High', sortOrder: 2 },
          ],
        },
      });
      assertEntry(deleted, { actor: t.admin, action: 'activity.deleted', objectType: 'activity', objectId: id, requestId: removed.headers['x-request-id'] });
      assert.deepEqual(deleted!.changes, { name: { before: 'Audit Ball Two', after: null } });
    });

    it('records nothing when an activity change is refused (taken name, in use, not an admin)', async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Refused Ball' });
      const before = await auditOf(t.app, t.admin, 'activity', sport.activityId);
      await createSport(t.app, t.admin, { name: 'Other Ball' });
      const url = `/api/v1/admin/activities/${sport.activityId}`;
      assertProblem(await t.app.inject({ method: 'PUT', url, headers: t.admin.auth, payload: { name: 'Other Ball' } }), 409, 'activity_already_exists');
      assertProblem(await t.app.inject({ method: 'DELETE', url, headers: t.admin.auth }), 409, 'activity_in_use');
      assertProblem(await t.app.inject({ method: 'PUT', url, headers: user.auth, payload: { name: 'Mine' } }), 403);
      assert.deepEqual(await auditOf(t.app, t.admin, 'activity', sport.activityId), before);
    });

    it('records a venue created, updated (changed fields only) and deleted', async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Venue Ball' });
      const payload = { name: 'Audit Hall', address: '1 Audit Road', latitude: 1.3, longitude: 103.8, activityIds: [sport.activityId] };
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/venues', headers: t.admin.auth, payload });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().data.id as string;
      const url = `/api/v1/admin/venues/${id}`;
      const updated = await t.app.inject({ method: 'PUT', url, headers: t.admin.auth, payload: { name: 'Audit Hall East', address: '1 Audit Road' } });
      assert.equal(updated.statusCode, 200, updated.body);
      assertProblem(await t.app.inject({ method: 'PUT', url, headers: t.admin.auth, payload: { activityIds: [randomUUID()] } }), 400);
      const removed = await t.app.inject({ method: 'DELETE', url, headers: t.admin.auth });
      assert.equal(removed.statusCode, 204, removed.body);
      assertProblem(await t.app.inject({ method: 'DELETE', url, headers: t.admin.auth }), 404, 'venue_not_found');

      const [deleted, update, create] = await auditOf(t.app, t.admin, 'venue', id);
      assertEntry(create, { actor: t.admin, action: 'venue.created', objectType: 'venue', objectId: id, requestId: created.headers['x-request-id'] });
      assert.deepEqual(create!.changes.name, { before: null, after: 'Audit Hall' });
      assert.deepEqual(create!.changes.activityIds, { before: null, after: [sport.activityId] });
      assertEntry(update, { actor: t.admin, action: 'venue.updated', objectType: 'venue', objectId: id, requestId: updated.headers['x-request-id'] });
      assert.deepEqual(update!.changes, { name: { before: 'Audit Hall', after: 'Audit Hall East' } }, 'the unchanged address is left out');
      assertEntry(deleted, { actor: t.admin, action: 'venue.deleted', objectType: 'venue', objectId: id, requestId: removed.headers['x-request-id'] });
      assert.deepEqual(deleted!.changes, { name: { before: 'Audit Hall East', after: null } }, 'the name it was deleted under');
      assert.equal((await auditOf(t.app, t.admin, 'venue', id)).length, 3, 'the refused update and delete recorded nothing');
    });

    it('records an import as one entry with its counts, and nothing for a rejected file', async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Import Ball' });
      const row = (n: number) => ({
        sourceId: `audit-${n}`,
        name: `Import Hall ${n}`,
        address: `${n} Import Road`,
        latitude: 1.3,
        longitude: 103.8,
        activityIds: [sport.activityId],
      });
      const upload = (rows: object[]) => {
        const { payload, headers } = multipart(JSON.stringify(rows));
        return t.app.inject({ method: 'POST', url: '/api/v1/admin/venues/import', headers: { ...headers, ...t.admin.auth }, payload });
      };
      const first = await upload([row(1), row(2)]);
      assert.equal(first.statusCode, 200, first.body);
      const again = await upload([row(2), row(3)]);
      assert.equal(again.statusCode, 200, again.body);
      assertProblem(await upload([{ ...row(4), activityIds: [randomUUID()] }]), 400);
      const imports = (await auditPage(t.app, t.admin, { objectType: 'venue-import', size: 100 })).content.filter((entry) => entry.actorId === t.admin.id);
      assert.equal(imports.length, 2, 'one entry per accepted file, none for the rejected one');
      assertEntry(imports[1], {
        actor: t.admin,
        action: 'venues.imported',
        objectType: 'venue-import',
        objectId: null,
        requestId: first.headers['x-request-id'],
      });
      assert.deepEqual(imports[1]!.changes, { imported: { before: null, after: 2 }, skipped: { before: null, after: 0 } });
      assert.deepEqual(imports[0]!.changes, { imported: { before: null, after: 1 }, skipped: { before: null, after: 1 } });
    });

    it("records an admin cancelling someone's game, and nothing for a refused cancel", async () => {
      const sport = await createSport(t.app, t.admin, { name: 'Cancel Ball' });
      const host = await onboardedUser(t.app, 'Host');
      const game = await createGame(t.app, host, gameBody(sport, clock.now()));
      assertProblem(await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/games/${game.id}`, headers: user.auth }), 403);
      assertProblem(await t.app.inject({ method: 'DELETE', url: `/api/v1/games/${game.id}`, headers: user.auth }), 404, 'game_not_found');
      assert.deepEqual(await auditOf(t.app, t.admin, 'game', game.id), []);
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/games/${game.id}`, headers: t.admin.auth });
      assert.equal(cancelled.statusCode, 204, cancelled.body);
      const entries = await auditOf(t.app, t.admin, 'game', game.id);
      assert.equal(entries.length, 1);
      assertEntry(entries[0], {
        actor: t.admin,
        action: 'game.cancelled',
        objectType: 'game',
        objectId: game.id,
        requestId: cancelled.headers['x-request-id'],
      });
      assert.deepEqual(entries[0]!.changes, { status: { before: 'SCHEDULED', after: 'CANCELLED' } });
    });
  });
}
