import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { CellResponse, Prepared, RouteCase } from './route-case.ts';
import { coHosted, must, read, type World } from './world.ts';

/**
 * A game's chat (#39): A organises, C co-hosts, and both may read, write and moderate; B (a stranger
 * who can see the public game), the admin and everyone else get the 404 that hides the chat.
 */
const json = (response: CellResponse) => JSON.parse(response.body);

/** A's public game (C co-hosts) with one message of A's in its chat. */
async function chatWithMessage(world: World): Promise<{ gameId: string; messageId: string; snapshot: () => Promise<unknown> }> {
  const hosted = await coHosted(world, 'PUBLIC');
  const sent = await must(
    world.app,
    { method: 'POST', url: `/api/v1/games/${hosted.id}/chat/messages`, headers: world.owner.auth, payload: { body: 'Court 4' } },
    201,
  );
  const snapshot = async () => [
    await read(world, `/api/v1/games/${hosted.id}/chat`, world.owner),
    await read(world, `/api/v1/games/${hosted.id}/chat/messages`, world.owner),
  ];
  return { gameId: hosted.id, messageId: sent.data.id as string, snapshot };
}

const chatCase = (
  label: string,
  success: number,
  request: (chat: Awaited<ReturnType<typeof chatWithMessage>>) => Omit<Prepared, 'resourceId' | 'snapshot'>,
): RouteCase[] => [
  {
    label,
    scope: 'owner-or-co-host',
    success,
    prepare: async (world) => {
      const chat = await chatWithMessage(world);
      return { ...request(chat), resourceId: chat.gameId, snapshot: chat.snapshot };
    },
  },
];

export const CHAT_CASES: Record<string, RouteCase[]> = {
  'GET /api/v1/games/:id/chat': chatCase("the chat of A's public game (C co-hosts)", 200, ({ gameId }) => ({
    url: `/api/v1/games/${gameId}/chat`,
    check: (response) => assert.equal(json(response).data.role, 'HOST'),
  })),
  'PUT /api/v1/games/:id/chat': chatCase("A's chat closed", 200, ({ gameId }) => ({
    url: `/api/v1/games/${gameId}/chat`,
    payload: { closed: true },
    check: (response) => assert.equal(json(response).data.closed, true),
  })),
  'GET /api/v1/games/:id/chat/messages': chatCase("the messages of A's chat", 200, ({ gameId, messageId }) => ({
    url: `/api/v1/games/${gameId}/chat/messages`,
    check: (response) => assert.equal(json(response).data.content[0].id, messageId),
  })),
  'POST /api/v1/games/:id/chat/messages': chatCase("a message in A's chat", 201, ({ gameId }) => ({
    url: `/api/v1/games/${gameId}/chat/messages`,
    payload: { body: 'Shuttles are on me' },
  })),
  'POST /api/v1/games/:id/chat/messages/:messageId/report': chatCase("A's message reported (by A, or C)", 204, ({ gameId, messageId }) => ({
    url: `/api/v1/games/${gameId}/chat/messages/${messageId}/report`,
  })),
  'GET /api/v1/admin/chat-reports': [
    { label: 'the open chat reports', scope: 'shared', success: 200, prepare: async () => ({ url: '/api/v1/admin/chat-reports' }) },
  ],
  'POST /api/v1/admin/chat-reports/:reportId/resolve': [
    {
      label: 'a report nobody made, resolved',
      scope: 'shared',
      success: 404,
      prepare: async () => ({
        url: `/api/v1/admin/chat-reports/${randomUUID()}/resolve`,
        payload: { removeMessage: false },
        check: (response) => assert.equal(json(response).code, 'chat_report_not_found'),
      }),
    },
  ],
  'GET /api/v1/me/chat-unread': [
    {
      label: "the caller's unread chat messages",
      scope: 'shared',
      success: 200,
      prepare: async () => ({ url: '/api/v1/me/chat-unread', check: (response) => assert.equal(typeof json(response).data.total, 'number') }),
    },
  ],
  'POST /api/v1/games/:id/chat/read': chatCase("A's chat marked read", 204, ({ gameId }) => ({ url: `/api/v1/games/${gameId}/chat/read` })),
  'DELETE /api/v1/games/:id/chat/messages/:messageId': chatCase("A's message deleted (by A, or C as co-host)", 204, ({ gameId, messageId }) => ({
    url: `/api/v1/games/${gameId}/chat/messages/${messageId}`,
  })),
};
