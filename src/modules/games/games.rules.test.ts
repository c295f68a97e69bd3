import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  countsAfterDeparture,
  effectiveStatus,
  joinPlan,
  promotionsForDeparture,
  promotionsForSlots,
  recipientsOf,
  referenceErrors,
  scopeOf,
  timeErrors,
  valuesFromPatch,
} from './games.rules.ts';

const at = (iso: string) => new Date(iso);
const fields = (errors: Array<{ field: string; message: string }>) => errors.map((error) => `${error.field} ${error.message}`);

describe('game rules', () => {
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

  it('the waitlist moves up by the places that open, never more than wait', () => {
    assert.equal(promotionsForSlots({ playersJoined: 4, waitlisted: 3 }, 6), 2);
    assert.equal(promotionsForSlots({ playersJoined: 4, waitlisted: 1 }, 8), 1);
    assert.equal(promotionsForSlots({ playersJoined: 4, waitlisted: 3 }, 4), 0);
    assert.equal(promotionsForDeparture('ACTIVE', 'SCHEDULED'), 1);
    assert.equal(promotionsForDeparture('WAITLISTED', 'SCHEDULED'), 0);
    assert.equal(promotionsForDeparture('ACTIVE', 'CANCELLED'), 0);
  });

  it('counters after a departure account for the player and those promoted', () => {
    assert.deepEqual(countsAfterDeparture('ACTIVE', 1), { active: 0, waitlisted: -1 });
    assert.deepEqual(countsAfterDeparture('ACTIVE', 0), { active: -1, waitlisted: 0 });
    assert.deepEqual(countsAfterDeparture('WAITLISTED', 0), { active: 0, waitlisted: -1 });
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
