import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { providerEnv, startLocalProviders, type LocalProviders } from '../src/modules/auth/local-providers/index.ts';
import { backends } from '../test/helpers/backends.ts';
import { vapidEnv, vapidPair } from '../test/helpers/push-service.ts';
import { buildTestApp, type TestApp } from '../test/helpers/test-app.ts';
import { matrixRoutes, runMatrix, runUnrouted, type CellResult, type MatrixRoute } from './access-matrix/runner.ts';
import { matrixTable, patternNotes } from './access-matrix/summary.ts';
import { createWorld, type World } from './access-matrix/world.ts';
import { RESULTS_DIR, writePartReport } from './report.ts';

/**
 * Issue #9, the access matrix: every registered route × {anonymous, A (owner), B (other user),
 * admin, internal secret, an invalid token} (plus two non-loopback origins for loopback routes),
 * and the unrouted requests of access-matrix/unrouted.ts (the gate comes before routing), each
 * cell's status from the oracle table in access-matrix/oracle.ts, run in-process on every backend.
 */
const BASE_URL = 'http://localhost:8080';

interface BackendRun {
  backend: string;
  routes: MatrixRoute[];
  uncovered: string[];
  results: CellResult[];
  seconds: number;
}
const runs: BackendRun[] = [];
let providers: LocalProviders;

before(async () => {
  providers = await startLocalProviders({
    host: '127.0.0.1',
    national: { redirectUris: [`${BASE_URL}/callback/national`] },
    social: { redirectUris: [`${BASE_URL}/callback/social`], connections: ['google-oauth2', 'apple', 'email'], connectionParam: 'connection' },
  });
});

after(async () => {
  await providers?.close().catch(() => undefined);
  const cells = runs.reduce((sum, run) => sum + run.results.length, 0);
  const mismatches = runs.flatMap((run) => run.results.filter((cell) => cell.problems.length).map((cell) => ({ ...cell, backend: run.backend })));
  const last = runs.at(-1);
  if (last) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'access-matrix.md'), runs.map((run) => `## ${run.backend}\n\n${matrixTable(run.results)}`).join('\n'));
  }
  writePartReport({
    part: 'access-matrix',
    title: 'Access matrix (every route and unrouted paths × anonymous, owner, other user, admin, internal secret, invalid token, co-host)',
    passed: runs.length === backends.length && mismatches.length === 0 && runs.every((run) => run.uncovered.length === 0),
    facts: {
      backends: runs.map((run) => run.backend).join(', ') || 'none',
      routes: last ? new Set(last.routes.map((route) => `${route.method} ${route.url}`)).size : 0,
      'request cases (route × fixture)': last ? new Set(last.results.map((cell) => `${cell.method} ${cell.url} ${cell.label}`)).size : 0,
      cells: cells,
      mismatches: mismatches.length,
      'routes without a request builder': last ? last.uncovered.length : 0,
      ...Object.fromEntries(runs.map((run) => [`seconds (${run.backend})`, run.seconds.toFixed(1)])),
    },
    notes: [
      ...(last?.uncovered.length ? [`NOT COVERED: ${last.uncovered.join(', ')}`] : []),
      ...mismatches
        .slice(0, 30)
        .map((cell) => `MISMATCH (${cell.backend}) ${cell.method} ${cell.url} [${cell.label}] as ${cell.principal}: ${cell.problems.join('; ')}`),
      'Statuses by pattern (A owns the resources in the request, B is another user, C co-hosts the games of the rows marked so; HEAD rows mirror GET and are left out here; ' +
        'the full table is in reliability/results/access-matrix.md):',
      ...(last ? patternNotes(last.results) : []),
      'Deliberate non-404s: DELETE /api/v1/game-bookmarks/{gameId} and DELETE /api/v1/device-tokens answer 204 to anyone ' +
        '(CONTRACT §5: "whether or not it existed"); they only ever remove the caller\'s own row, and the matrix checks A\'s bookmark and device stay.',
      "Admins may cancel or hard-delete any game (CONTRACT §5) but get 404 like anyone else on another user's private game, " +
        'its participants, its share link, its bookmarking, editing it and removing its players.',
    ],
  });
});

for (const backend of backends) {
  describe(`access matrix (${backend.name})`, () => {
    let t: TestApp;
    let world: World;
    let routes: MatrixRoute[];

    before(async () => {
      // The matrix is about access, not limits: rate limits are lifted so hundreds of cells from one address all count.
      t = await buildTestApp(backend, {
        BASE_URL,
        ...providerEnv(providers),
        RATE_LIMIT_PUBLIC_ANON: '1000000',
        RATE_LIMIT_PUBLIC_USER: '1000000',
        RATE_LIMIT_SHARE_RESOLVE: '1000000',
        RATE_LIMIT_PARTICIPATION: '1000000',
        RATE_LIMIT_JOIN_REQUEST: '1000000',
        RATE_LIMIT_MEMBERSHIP: '1000000',
        RATE_LIMIT_DEVICE_REGISTRATION: '1000000',
        RATE_LIMIT_PROFILE: '1000000',
        RATE_LIMIT_WRITE: '1000000',
        RATE_LIMIT_CHAT: '1000000',
        RATE_LIMIT_SIGN_IN: '1000000',
        // Web push on, so subscribing is a success to check access against.
        ...vapidEnv(vapidPair()),
      });
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      world = await createWorld(t.app, baseUrl);
      ({ routes } = matrixRoutes(t.app));
    });
    after(() => t?.close());

    it('has a request for every registered route, and none for a route that is gone', () => {
      const { missing, stale } = matrixRoutes(t.app);
      assert.deepEqual(missing, [], `routes without a request builder in reliability/access-matrix/routes.ts: ${missing.join(', ')}`);
      assert.deepEqual(stale, [], `request builders for routes the app no longer has: ${stale.join(', ')}`);
    });

    it("answers every cell as the oracle says, and leaves A's state alone", async () => {
      const started = performance.now();
      const results = [...(await runMatrix(world, routes)), ...(await runUnrouted(world))];
      const { missing, stale } = matrixRoutes(t.app);
      runs.push({ backend: backend.name, routes, uncovered: [...missing, ...stale], results, seconds: (performance.now() - started) / 1000 });
      const wrong = results.filter((cell) => cell.problems.length);
      assert.ok(results.length > 0);
      assert.deepEqual(
        wrong.map((cell) => `${cell.method} ${cell.url} [${cell.label}] as ${cell.principal}: ${cell.problems.join('; ')}`),
        [],
        `${wrong.length} of ${results.length} cells differ from the oracle`,
      );
    });
  });
}
