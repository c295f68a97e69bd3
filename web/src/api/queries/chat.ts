/** A game's chat: its state and messages under ['chat', gameId]; the caller's unread total over all games apart. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, data } from '../client';
import { chatKeys } from './keys';
import { path, read } from './read';

export const chatQuery = read(chatKeys.game, (gameId) => api.GET('/api/v1/games/{id}/chat', path(gameId)));

/** Newest first, page by page (cursor). */
export const chatMessagesQuery = (gameId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(gameId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/v1/games/{id}/chat/messages', { params: { path: { id: gameId }, query: { size: 30, ...(pageParam && { cursor: pageParam }) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The caller's unread chat messages over their games (the tab bar's My games). */
export const chatUnreadQuery = () => queryOptions({ queryKey: chatKeys.unread, queryFn: () => data(api.GET('/api/v1/me/chat-unread')) });

export { chatKeys };
