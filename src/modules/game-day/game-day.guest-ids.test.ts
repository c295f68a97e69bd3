import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { bringerOf, guestId, guestName, guestsOf, isGuest, playsOn, withGuests } from './game-day.guests.ts';

const game = '7d1f6a52-3c1e-4b8e-9a57-0c2f9e1d4b61';
const ana = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const ben = '9c5b94b1-35ad-49bb-b118-8e8fc24abf80';

describe('game day: guest ids and names', () => {
  it('a guest id is a version-5 uuid, the same for the same game, player and place in the party, different otherwise', () => {
    const id = guestId(game, ana, 0);
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(guestId(game, ana, 0), id);
    const others = [guestId(game, ana, 1), guestId(game, ben, 0), guestId(ben, ana, 0)];
    assert.equal(new Set([id, ...others]).size, 4);
  });

  it('users (random ids) are never taken for guests', () => {
    for (let i = 0; i < 200; i++) assert.equal(isGuest(randomUUID()), false);
    assert.equal(isGuest(guestId(game, ana, 2)), true);
  });

  it('a guest is found back to their player, and their player plays on their side', () => {
    const parties = [
      { userId: ana, guests: 0, guestNames: [] },
      { userId: ben, guests: 2, guestNames: ['Cy'] },
    ];
    assert.deepEqual(bringerOf(game, guestId(game, ben, 1), parties), { id: guestId(game, ben, 1), guestOf: ben, index: 1, given: null });
    assert.equal(bringerOf(game, guestId(game, ben, 0), parties)?.given, 'Cy');
    assert.equal(bringerOf(game, ana, parties), undefined);
    assert.equal(bringerOf(game, guestId(game, randomUUID(), 0), parties), undefined);
    assert.equal(playsOn(game, [ana, guestId(game, ben, 0)], ben), true);
    assert.equal(playsOn(game, [ana, guestId(game, ben, 0)], ana), true);
    assert.equal(playsOn(game, [guestId(game, ben, 0)], ana), false);
  });

  it('a guest is named by the name given, else as their player’s guest; they queue right after their player', () => {
    const party = { userId: ben, guests: 2, guestNames: [' Cy '] };
    const [cy, second] = guestsOf(game, party);
    assert.equal(guestName(cy!, 'Ben'), 'Cy');
    assert.equal(guestName(second!, 'Ben'), 'Guest 2 of Ben');
    const at = new Date('2034-01-01T10:00:00Z');
    const later = new Date('2034-01-01T10:01:00Z');
    assert.deepEqual(
      withGuests(
        game,
        [
          { userId: ben, at },
          { userId: ana, at: later },
        ],
        [party],
      ),
      [
        { userId: ben, at },
        { userId: cy!.id, at, guestOf: ben },
        { userId: second!.id, at, guestOf: ben },
        { userId: ana, at: later },
      ],
    );
  });
});
