import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The flooding client, in a thread of its own: its requests and their answers are handled on
 * another event loop than the one that times the normal users, so what is measured is what the
 * flood costs the service, not what it costs the measuring client.
 */
interface FlooderData {
  base: string;
  token: string;
  gameId: string;
  targetIds: string[];
}
export type FlooderCommand = 'start' | 'stop' | 'exit';
export interface FlooderReport {
  sent: number;
  refused: number;
  refusedKinds: string[];
}

const { base, token, gameId, targetIds } = workerData as FlooderData;
let flooding = false;
let sent = 0;
let refused = 0;
const refusedKinds = new Set<string>();
let turn = 0;

async function request(method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  await response.arrayBuffer();
  sent += 1;
  if (response.status === 429) {
    refused += 1;
    refusedKinds.add(url.includes('co-hosts') ? 'membership' : 'devices');
  }
}

// Paced at about 100 requests a second in all: far over every write limit, not a bandwidth attack.
async function churn() {
  while (flooding) {
    const target = targetIds[turn++ % targetIds.length]!;
    await request('POST', `/api/v1/games/${gameId}/co-hosts`, { userId: target });
    await request('DELETE', `/api/v1/games/${gameId}/co-hosts/${target}`);
    await sleep(20);
  }
}
async function devices() {
  while (flooding) {
    await request('POST', '/api/v1/device-tokens', { deviceToken: `flooder-${turn++}-${'x'.repeat(40)}`, platform: 'WEB' });
    await sleep(20);
  }
}

let running: Promise<unknown> = Promise.resolve();
const report = (): FlooderReport => ({ sent, refused, refusedKinds: [...refusedKinds] });
async function obey(command: FlooderCommand) {
  if (command === 'start') {
    flooding = true;
    running = Promise.all([churn(), devices()]);
    parentPort!.postMessage(report());
  } else {
    flooding = false;
    await running;
    parentPort!.postMessage(report());
    if (command === 'exit') parentPort!.close();
  }
}
parentPort!.on('message', (command: FlooderCommand) => void obey(command));
