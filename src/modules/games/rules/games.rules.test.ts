import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  effectiveStatus,
  freePlaces,
  joinPlan,
  nextChange,
  offerDeadline,
  recipientsOf,
  referenceErrors,
  scopeOf,
  timeErrors,
  valuesFromPatch,
} from './games.rules.ts';

const at = (iso: string) => new Date(iso);
const fields = (errors: Array<{ field: string; message: string }>) => errors.map((error) => `${error.field} ${error.message}`);

describe('game rules', () => {
  it('a cached page holds until the first start or end after now, and for ever when none is ahead', () => {
    const games = [
      { startTime: '2030-01-01T10:00:00.000Z', endTime: '2030-01-01T12:00:00.000Z' },
      { startTime: '2030-01-01T11:00:00.000Z', endTime: '2030-01-01T13:00:00.000Z' },
    ];
    assert.equal(nextChange(games, at('2030-01-01T09:00:00Z'))?.toISOString(), '2030-01-01T10:00:00.000Z');
    assert.equal(nextChange(games, at('2030-01-01T10:00:00Z'))?.toISOString(), '2030-01-01T11:00:00.000Z');
    assert.equal(nextChange(games, at('2030-01-01T11:30:00Z'))?.toISOString(), '2030-01-01T12:00:00.000Z');
    assert.equal(nextChange(games, at('2030-01-01T13:00:00Z')), undefined);
  });

  it('the status moves on with the clock unless cancelled or completed', () => {
    const game = { status: 'SCHEDULED' as const, startTime: at('2030-01-01T10:00:00Z'), endTime: at('2030-01-01T12:00:00Z') };
    assert.equal(effectiveStatus(game, at('2030-01-01T09:59:59Z')), 'SCHEDULED');
    assert.equal(effectiveStatus(game, at('2030-01-01T10:00:00Z')), 'STARTED');
    assert.equal(effectiveStatus(game, at('2030-01-01T12:00:00Z')), 'COMPLETED');
    assert.equal(effectiveStatus({ ...game, status: 'CANCELLED' }, at('2030-01-01T12:00:00Z')), 'CANCELLED');
  });

  it('a patch sets only the fields present, trims text and turns an empty title into null', () => {
    assert.deepEqual(valuesFromPatch({}), {});
    assert.deepEqual(valuesFromPatch({ title: '  Doubles  ', description: '   ', slots: 4, startTime: '2030-01-01T10:00:00Z' }), {
      title: 'Doubles',
      description: null,
      slots: 4,
      startTime: at('2030-01-01T10:00:00Z'),
    });
    assert.deepEqual(valuesFromPatch({ title: null }), { title: null });
    assert.equal('activityId' in valuesFromPatch({ activityId: 'a' }), false);
  });

  it('times: the start must lie ahead only when it is being set; the end after the start', () => {
    const now = at('2030-01-01T00:00:00Z');
    assert.deepEqual(timeErrors(at('2030-01-02T00:00:00Z'), at('2030-01-02T01:00:00Z'), true, now), []);
    assert.deepEqual(fields(timeErrors(at('2029-12-31T00:00:00Z'), at('2029-12-30T00:00:00Z'), true, now)), [
      'startTime must be in the future',
      'endTime must be after startTime',
    ]);
    assert.deepEqual(timeErrors(at('2029-12-31T00:00:00Z'), at('2029-12-31T01:00:00Z'), false, now), []);
  });

  it('references: an unknown activity alone, else levels in ladder order and a venue offering the activity', () => {
    const ladder = [
      { id: 'low', sortOrder: 1 },
      { id: 'high', sortOrder: 2 },
    ];
    const base = { activityId: 'act', ladder, fromId: 'low', toId: 'high' };
    assert.deepEqual(referenceErrors(base), []);
    assert.deepEqual(fields(referenceErrors({ ...base, ladder: undefined, venue: { found: undefined } })), ['activityId is not a known activity']);
    assert.deepEqual(fields(referenceErrors({ ...base, fromId: 'high', toId: 'low' })), ['skillLevelToId must not be below skillLevelFromId']);
    assert.deepEqual(fields(referenceErrors({ ...base, fromId: 'x', toId: 'y' })), [
      'skillLevelFromId is not a skill level of the activity',
      'skillLevelToId is not a skill level of the activity',
    ]);
    assert.deepEqual(fields(referenceErrors({ ...base, venue: { found: undefined } })), ['venueId is not a known venue']);
    assert.deepEqual(fields(referenceErrors({ ...base, venue: { found: { activityIds: ['other'] } } })), ['venueId does not offer the activity']);
    assert.deepEqual(referenceErrors({ ...base, venue: { found: { activityIds: ['act'] } } }), []);
  });

  it('a join takes a place while one is free, says when it fills the game, and waits otherwise', () => {
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 2 }), { status: 'ACTIVE', fillsGame: false });
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 3 }), { status: 'ACTIVE', fillsGame: true });
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 4 }), { status: 'WAITLISTED', fillsGame: false });
  });

  it('a party joins whole: its places while they all fit (held offers count), else the waitlist', () => {
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 1 }, 3), { status: 'ACTIVE', fillsGame: true });
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 2 }, 3), { status: 'WAITLISTED', fillsGame: false });
    assert.deepEqual(joinPlan({ slots: 4, playersJoined: 1, placesOnOffer: 1 }, 3), { status: 'WAITLISTED', fillsGame: false });
    assert.equal(freePlaces({ slots: 6, playersJoined: 3, placesOnOffer: 2 }), 1);
  });

  it('an offer runs 2 h far from the start, 30 min within 24 h, stops in quiet hours and never passes the start', () => {
    const quiet = { start: 22 * 60, end: 8 * 60 };
    const tz = 'Asia/Singapore'; // UTC+8, no daylight saving
    const start = new Date('2031-07-10T10:00:00Z');
    const at = (iso: string) => offerDeadline(new Date(iso), start, quiet, tz).toISOString();
    assert.equal(at('2031-07-07T04:00:00.000Z'), '2031-07-07T06:00:00.000Z', '12:00 local, days ahead: 2 h');
    assert.equal(at('2031-07-09T20:00:00.000Z'), '2031-07-10T00:30:00.000Z', '04:00 local, within 24 h: from 08:00, 30 min');
    assert.equal(at('2031-07-07T13:30:00.000Z'), '2031-07-08T01:30:00.000Z', '21:30 local: 30 min, then 90 min from 08:00');
    assert.equal(at('2031-07-10T09:50:00.000Z'), '2031-07-10T10:00:00.000Z', 'never past the start');
    assert.equal(offerDeadline(new Date('2031-07-07T15:00:00Z'), start, undefined, tz).toISOString(), '2031-07-07T17:00:00.000Z', 'no quiet hours');
  });

  it('recipients: each once, never the actor', () => {
    assert.deepEqual(recipientsOf(['a', 'b', 'a', 'actor'], 'actor'), ['a', 'b']);
  });

  it('a cursor scope ignores the order of repeated filters', () => {
    const query = { includePast: false, venueIds: ['b', 'a'] };
    assert.equal(scopeOf(query), scopeOf({ ...query, venueIds: ['a', 'b'] }));
    assert.notEqual(scopeOf(query), scopeOf({ ...query, includePast: true }));
  });
});
