import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { childEnv, freePort, waitHealthy } from './helpers/server-process.ts';

/**
 * The README's first ten minutes, literally: `npm start` on a fresh data folder, then every shell
 * block marked `<!-- readme-test … -->` run by bash in order (only the port is changed, so the test
 * never collides with a service someone runs on 8080), then Ctrl-C on the npm process.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
// A blank line may stand between the marker and its fence (Prettier puts one there).
const MARKED = [...README.matchAll(/<!-- readme-test[^>]*-->\n\s*```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);

function exited(child: ChildProcess, withinMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running after ${withinMs} ms`)), withinMs);
    const done = () => {
      clearTimeout(timer);
      // The process may exit before its last output line has been read: wait (briefly) for the end of it.
      const stdout = child.stdout;
      if (!stdout || stdout.readableEnded) return resolve(child.exitCode);
      const late = setTimeout(() => resolve(child.exitCode), 2000);
      stdout.once('end', () => {
        clearTimeout(late);
        resolve(child.exitCode);
      });
    };
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', done);
  });
}

describe('the README, followed top to bottom', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-readme-'));
  let port = 0;
  let npm: ChildProcess;
  let log = '';
  const blockOutputs: string[] = [];

  const start = async () => {
    log = '';
    // A clean environment as on a newcomer's machine; PATH still finds npm and bash.
    npm = spawn('npm', ['start'], { cwd: ROOT, env: childEnv({ PORT: String(port), DATA_DIR: dataDir }), stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout!.on('data', (chunk) => {
      log += chunk;
    });
    npm.stderr!.on('data', (chunk) => {
      log += chunk;
    });
    await waitHealthy(`http://127.0.0.1:${port}`, 120_000);
  };

  before(async () => {
    port = await freePort();
    await start();
  });
  after(async () => {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says how to start, links only files of the repository, and uses no macOS-only command', () => {
    assert.match(README, /```sh\nnpm ci\b[^\n]*\nnpm start\b/);
    for (const [, target] of README.matchAll(/\]\(([^)]+)\)/g)) {
      if (/^https?:/.test(target!)) continue;
      assert.ok(!target!.startsWith('..'), `${target} points outside the repository`);
      assert.ok(existsSync(path.join(ROOT, target!.split('#')[0]!)), `${target} exists`);
    }
    assert.doesNotMatch(README, /^\s*open /m);
    assert.ok(MARKED.length >= 4, 'the walkthrough blocks are marked for this test');
  });

  it('is read in five minutes (at most 250 lines), and every link in docs/ leads to a file of the repository', () => {
    assert.ok(README.split('\n').length <= 250, `the README has ${README.split('\n').length} lines`);
    const docs = path.join(ROOT, 'docs');
    for (const file of readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md'))) {
      for (const [, target] of readFileSync(path.join(docs, file), 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^https?:/.test(target!)) continue;
        const resolved = path.resolve(path.dirname(path.join(docs, file)), target!);
        assert.ok(
          resolved.startsWith(path.resolve(ROOT) + path.sep) && existsSync(resolved),
          `docs/${file} links to ${target}, which is not in the repository`,
        );
      }
    }
  });

  it('prints the share link of a private sample game, and its page shows the game', async () => {
    const link = /sample private game: (http:\/\/localhost:\d+\/games\/[0-9A-Za-z]{8})/.exec(log)?.[1];
    assert.ok(link, log.slice(-2000));
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /invitation only/);
  });

  it('runs every marked shell block with bash, each exiting 0', () => {
    for (const [index, block] of MARKED.entries()) {
      const script = block.replaceAll('localhost:8080', `localhost:${port}`);
      const result = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
        cwd: ROOT,
        env: childEnv({ PORT: String(port) }),
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(result.status, 0, `block ${index + 1} failed:\n${script}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
      blockOutputs.push(result.stdout);
    }
  });

  it('shows what the README promises: sample games, Alice, a hosted game Bob joined, a readable validation message', () => {
    const [health, alice, hosting, mistake] = blockOutputs;
    assert.match(health!, /"status":"UP"/);
    assert.match(health!, /"title":/, 'the first listing has sample games');
    assert.match(alice!, /"Alice Tan"/);
    assert.match(alice!, /"totalGamesHosted": [1-9]/);
    assert.match(hosting!, /^true$/m, 'onboarding completed');
    assert.match(hosting!, /^hosted [0-9a-f-]{36}$/m);
    assert.match(hosting!, /"name":"Bob Lim","status":"ACTIVE"/);
    assert.match(hosting!, /A player named "Bob Lim" joined your game "Lunchtime doubles"/);
    assert.match(mistake!, /"code":"validation_failed"/);
    assert.match(mistake!, /gameType must be one of SINGLE, DOUBLE/);
  });

  it('stops on Ctrl-C sent to the npm start process, logging that shutdown is complete; a restart keeps the sample games as they were', async () => {
    const count = async () => {
      const url = `http://127.0.0.1:${port}/api/v1/games?size=1000`;
      // One retry: a kept-alive connection the service closed while idle fails the first request.
      const response = await fetch(url)
        .catch(() => fetch(url, { headers: { connection: 'close' } }))
        .catch((error: unknown) => {
          const cause = String((error as { cause?: unknown }).cause ?? '');
          throw new Error(
            `the service is gone (npm exit ${String(npm.exitCode)}, signal ${String(npm.signalCode)}): ${String(error)} ${cause}\n${log.slice(-3000)}`,
          );
        });
      const body = await response.text();
      assert.equal(response.status, 200, body);
      return (JSON.parse(body) as { data: { content: unknown[] } }).data.content.length;
    };
    const before = await count();
    npm.kill('SIGINT');
    assert.equal(await exited(npm, 20_000), 0, log.slice(-2000));
    assert.match(log.trim().split('\n').at(-1)!, /shutdown complete/);

    await start();
    assert.equal(await count(), before);
    npm.kill('SIGTERM');
    assert.equal(await exited(npm, 20_000), 0, log.slice(-2000));
  });
});
