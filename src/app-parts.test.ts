import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { boardLive } from './app-parts.ts';
import type { GameLookups } from './modules/games/index.ts';
import type { StreamEvents } from './modules/notifications/index.ts';
import type { Database } from './platform/db/index.ts';

describe('the board live', () => {
  it('a board event that cannot be written is logged at warn with its message, and the change it follows goes on', async () => {
    const warned: Array<{ facts: { err: { message?: string }; gameId: string }; message: string }> = [];
    const log = { warn: (facts: never, message: string) => warned.push({ facts, message }) } as unknown as FastifyBaseLogger;
    const lookups = { audience: async () => [{ userId: 'u1', host: true }] } as unknown as GameLookups;
    const streamEvents = {
      publish: async () => {
        throw new Error('the stream events table is gone');
      },
    } as unknown as StreamEvents;

    await boardLive({} as Database, lookups, streamEvents, log).changed('g1');

    assert.equal(warned.length, 1);
    assert.equal(warned[0]!.message, 'the board event could not be written');
    assert.equal(warned[0]!.facts.err.message, 'the stream events table is gone');
    assert.equal(warned[0]!.facts.gameId, 'g1');
  });
});
