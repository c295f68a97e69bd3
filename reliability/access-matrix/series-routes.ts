import assert from 'node:assert/strict';
import type { TestUser } from '../../test/helpers/users.ts';
import type { Principal } from './oracle.ts';
import type { CellResponse, RouteCase } from './route-case.ts';
import { acceptInvitation, game, invitationId, must, read, unique, type World } from './world.ts';

/**
 * Every series starts this far ahead with a one-day horizon, so none of its dates opens during the
 * matrix (an opened date would take a slot the matrix's own games may need).
 */
const startsOn = () => new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);

export function seriesBody(world: World): Record<string, unknown> {
  return {
    activityId: world.sport.activityId,
    venueId: world.sport.venueId,
    skillLevelFromId: world.sport.levels.beginner,
    skillLevelToId: world.sport.levels.advanced,
    title: unique('Matrix series'),
    currency: 'SGD',
    price: '5',
    slots: 4,
    visibility: 'PUBLIC',
    gameType: 'DOUBLE',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '19:00',
    durationMinutes: 60,
    startsOn: startsOn(),
    occurrenceCount: 2,
    openDaysAhead: 1,
  };
}

interface Series {
  id: string;
  startsOn: string;
}

/** A series of `host`'s; with `coHosted`, C co-hosts it; `regular` is made its regular. */
async function series(
  world: World,
  host: TestUser,
  visibility: 'PUBLIC' | 'PRIVATE',
  options: { coHosted?: boolean; regular?: TestUser } = {},
): Promise<Series> {
  const created = (await must(world.app, { method: 'POST', url: '/api/v1/series', headers: host.auth, payload: { ...seriesBody(world), visibility } }, 201))
    .data as Series;
  if (options.coHosted) {
    await must(world.app, { method: 'POST', url: `/api/v1/series/${created.id}/co-hosts`, headers: host.auth, payload: { userId: world.coHost.id } }, 201);
    await acceptInvitation(world, world.coHost, created.id);
  }
  if (options.regular) {
    await must(world.app, { method: 'POST', url: `/api/v1/series/${created.id}/regulars`, headers: host.auth, payload: { userId: options.regular.id } }, 201);
    await acceptInvitation(world, options.regular, created.id);
  }
  return created;
}

/** H hosts a game and invites A to co-host it: A's open invitation, which only A may answer. */
async function invitedOwner(world: World): Promise<{ gameId: string; id: string }> {
  const hosted = await game(world, world.helper, 'PUBLIC');
  await must(world.app, { method: 'POST', url: `/api/v1/games/${hosted.id}/co-hosts`, headers: world.helper.auth, payload: { userId: world.owner.id } }, 201);
  return { gameId: hosted.id, id: await invitationId(world, world.owner, hosted.id) };
}

const answerCase = (answer: 'accept' | 'decline'): RouteCase[] => [
  {
    label: `A's invitation to co-host H's game, ${answer === 'accept' ? 'accepted' : 'declined'}`,
    scope: 'owner',
    success: 204,
    prepare: async (world) => {
      const { gameId, id } = await invitedOwner(world);
      return {
        url: `/api/v1/me/invitations/${id}/${answer}`,
        resourceId: id,
        snapshot: async () => [await read(world, '/api/v1/me/invitations', world.owner), await read(world, `/api/v1/games/${gameId}/co-hosts`, world.helper)],
      };
    },
  },
];

/** A's private series with C as co-host: the case most series routes are asked about. */
const coHostedSeries = (world: World, options: { regular?: TestUser } = {}) => series(world, world.owner, 'PRIVATE', { coHosted: true, ...options });
const seriesAsOwner = (world: World, id: string) => () => read(world, `/api/v1/series/${id}`, world.owner);

/** A read of A's private series (C co-hosts): A and C see it; anyone else gets the 404 of a series that does not exist. */
const readCase = (suffix: string): RouteCase[] => [
  {
    label: "A's private series (C co-hosts)",
    scope: 'owner-or-co-host',
    success: 200,
    prepare: async (world) => {
      const { id } = await coHostedSeries(world);
      return { url: `/api/v1/series/${id}${suffix}`, resourceId: id };
    },
  },
];

function listsOnlyForOwner(id: string) {
  return (response: CellResponse, principal: Principal) => {
    if (principal === 'owner') assert.ok(response.body.includes(id), `A's own ${id} is listed for A`);
    else assert.ok(!response.body.includes(id), `A's ${id} is not shown to ${principal}`);
  };
}

export const SERIES_ROUTE_CASES: Record<string, RouteCase[]> = {
  'GET /api/v1/me/invitations': [
    {
      label: "the caller's open invitations",
      scope: 'shared',
      success: 200,
      prepare: async () => ({ url: '/api/v1/me/invitations' }),
    },
  ],
  'POST /api/v1/me/invitations/:id/accept': answerCase('accept'),
  'POST /api/v1/me/invitations/:id/decline': answerCase('decline'),
  'POST /api/v1/series': [
    {
      label: 'a series hosted by the caller',
      scope: 'shared',
      success: 201,
      prepare: async (world) => ({ url: '/api/v1/series', payload: seriesBody(world) }),
    },
  ],
  'GET /api/v1/series': [
    {
      label: "the caller's series, with A's private series",
      scope: 'shared',
      success: 200,
      prepare: async (world) => {
        const { id } = await series(world, world.owner, 'PRIVATE');
        return { url: '/api/v1/series?size=100', check: listsOnlyForOwner(id) };
      },
    },
  ],
  'GET /api/v1/series/:id': [
    ...readCase(''),
    {
      label: "A's public series",
      scope: 'shared',
      success: 200,
      prepare: async (world) => ({ url: `/api/v1/series/${(await series(world, world.owner, 'PUBLIC')).id}` }),
    },
  ],
  'DELETE /api/v1/series/:id': [
    {
      label: "A's private series ended (C co-hosts)",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world);
        return { url: `/api/v1/series/${id}`, resourceId: id, snapshot: seriesAsOwner(world, id) };
      },
    },
  ],
  'GET /api/v1/series/:id/occurrences': readCase('/occurrences'),
  'PUT /api/v1/series/:id/occurrences/:date': [
    {
      label: "A's private series from its first date on (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const { id, startsOn: date } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/occurrences/${date}`,
          payload: { scope: 'FOLLOWING', title: 'Changed by the matrix' },
          resourceId: id,
          snapshot: seriesAsOwner(world, id),
        };
      },
    },
  ],
  'DELETE /api/v1/series/:id/occurrences/:date': [
    {
      label: "one date of A's private series (C co-hosts)",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const { id, startsOn: date } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/occurrences/${date}`,
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/occurrences`, world.owner),
        };
      },
    },
  ],
  'POST /api/v1/series/:id/occurrences/:date/skip': [
    {
      label: "A skips a date of H's private series (A a regular)",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const { id, startsOn: date } = await series(world, world.helper, 'PRIVATE', { regular: world.owner });
        return { url: `/api/v1/series/${id}/occurrences/${date}/skip`, resourceId: id };
      },
    },
  ],
  'GET /api/v1/series/:id/payment-rules': readCase('/payment-rules'),
  'PUT /api/v1/series/:id/payment-rules': [
    {
      label: "A's private series' money rules set to pay before, unpaid places held until 24 hours before (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 200,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/payment-rules`,
          payload: { payBy: 'BEFORE', releaseUnpaidHoursBefore: 24 },
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/payment-rules`, world.owner),
        };
      },
    },
  ],
  'GET /api/v1/series/:id/regulars': readCase('/regulars'),
  'POST /api/v1/series/:id/regulars': [
    {
      label: "H made a regular of A's private series (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 201,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/regulars`,
          payload: { userId: world.helper.id },
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/regulars`, world.owner),
        };
      },
    },
  ],
  'DELETE /api/v1/series/:id/regulars/:userId': [
    {
      label: "H removed from A's private series (C co-hosts)",
      scope: 'owner-or-co-host',
      success: 204,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world, { regular: world.helper });
        return {
          url: `/api/v1/series/${id}/regulars/${world.helper.id}`,
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/regulars`, world.owner),
        };
      },
    },
  ],
  'GET /api/v1/series/:id/co-hosts': readCase('/co-hosts'),
  'POST /api/v1/series/:id/co-hosts': [
    {
      label: "H made co-host of A's private series (C co-hosts)",
      scope: 'owner',
      success: 201,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/co-hosts`,
          payload: { userId: world.helper.id },
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/co-hosts`, world.owner),
        };
      },
    },
  ],
  'DELETE /api/v1/series/:id/co-hosts/:userId': [
    {
      label: "C removed from A's private series",
      scope: 'owner',
      success: 204,
      prepare: async (world) => {
        const { id } = await coHostedSeries(world);
        return {
          url: `/api/v1/series/${id}/co-hosts/${world.coHost.id}`,
          resourceId: id,
          snapshot: () => read(world, `/api/v1/series/${id}/co-hosts`, world.owner),
        };
      },
    },
  ],
};
