import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/index.ts';
import { backends } from '../../../test/helpers/backends.ts';
import { appSuite } from '../../../test/helpers/suite.ts';
import { testEnv } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/users.ts';
import { childEnv } from '../../../test/helpers/server-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

async function venuesTotal(app: FastifyInstance): Promise<number> {
  return (await app.inject({ url: '/api/v1/venues?size=1' })).json().data.page.totalElements;
}

/** The service as `npm start` opens it: embedded database in DATA_DIR, no DATABASE_URL. */
function openDefault(dataDir: string, databaseUrl?: string) {
  return buildApp(loadConfig({ ...testEnv({ dataDir, databaseUrl }), AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true' }));
}

describe('sample data on the embedded default database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-sample-'));
  let app: FastifyInstance;

  before(async () => {
    app = await openDefault(dataDir);
  });
  after(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with Singapore activities and venues', async () => {
    const activities = (await app.inject({ url: '/api/v1/activities' })).json().data.content as Array<{ name: string; skillLevels: unknown[] }>;
    const byName = new Map(activities.map((a) => [a.name, a]));
    assert.equal(byName.get('Badminton')?.skillLevels.length, 7);
    assert.ok(byName.has('Pickleball'));
    assert.ok((await venuesTotal(app)) >= 20);

    // Near Bishan MRT, the Bishan hall comes first, with its interchange.
    const near = (await app.inject({ url: '/api/v1/venues?lat=1.3510&lng=103.8485&radiusKm=2' })).json().data.content;
    assert.equal(near[0].name, 'Bishan Sports Hall');
    assert.deepEqual(
      near[0].stations[0].lines.map((l: { code: string; stationNumber: number }) => `${l.code}${l.stationNumber}`),
      ['CC15', 'NS17'],
    );
    for (const venue of (await app.inject({ url: '/api/v1/venues?size=100' })).json().data.content) {
      assert.ok(venue.latitude > 1.2 && venue.latitude < 1.48 && venue.longitude > 103.6 && venue.longitude < 104.1, `${venue.name} lies in Singapore`);
      assert.ok(venue.stations.length > 0 && venue.activityIds.length > 0, venue.name);
    }
  });

  it('loads once: a venue an admin deleted stays deleted after a restart', async () => {
    const admin = await createUser(app, { admin: true });
    const first = (await app.inject({ url: '/api/v1/venues?size=1' })).json().data.content[0];
    assert.equal((await app.inject({ method: 'DELETE', url: `/api/v1/admin/venues/${first.id}`, headers: admin.auth })).statusCode, 204);
    const remaining = await venuesTotal(app);
    await app.close();
    app = await openDefault(dataDir);
    assert.equal(await venuesTotal(app), remaining);
    assert.equal((await app.inject({ url: '/api/v1/activities' })).json().data.page.totalElements, 2);
  });
});

for (const backend of backends) {
  describe(`sample data elsewhere (${backend.name})`, () => {
    const t = appSuite(backend);

    it('is not loaded into test databases (memory:// or DATABASE_URL)', async () => {
      assert.equal(await venuesTotal(t.app), 0);
      assert.equal((await t.app.inject({ url: '/api/v1/activities' })).json().data.page.totalElements, 0);
    });

    it('is loaded by the db:seed script, idempotently', async () => {
      const database = await backend.freshDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-seed-'));
      const url = database.url === 'memory://' ? undefined : database.url;
      // Only what the script needs: nothing from the runner's environment (a REDIS_URL, say) leaks in.
      const env = childEnv({ DATA_DIR: dataDir, DATABASE_URL: url ?? '', APP_PROFILE: 'test', LOG_LEVEL: 'silent' });
      try {
        const seed = () => run(process.execPath, ['scripts/db-seed.ts'], { cwd: ROOT, env });
        assert.match((await seed()).stdout, /Sample data: 2[0-9] venues imported, 0 already present/);
        assert.match((await seed()).stdout, /Sample data: 0 venues imported, 2[0-9] already present/);
        const app = await openDefault(dataDir, url);
        try {
          assert.ok((await venuesTotal(app)) >= 20);
          assert.equal((await app.inject({ url: '/api/v1/activities' })).json().data.page.totalElements, 2);
        } finally {
          await app.close();
        }
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
