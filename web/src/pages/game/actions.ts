/**
 * The game page's writes, one mutation per action: each says when it worked (where there is something
 * to say) and refreshes the game, its players and the viewer's lists, whatever it answered.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { gameKeys } from '../../api/queries/games';
import { myGamesKeys } from '../../api/queries/my-games';
import { t } from '../../i18n';
import { offerPushAfterJoin } from '../../push/PushOffer';
import { useToast } from '../../ui';

function useGameMutation<Input = void>(id: string, run: (input: Input) => Promise<unknown>, said?: string | ((input: Input) => string)) {
  const client = useQueryClient();
  const say = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (_answer, input) => {
      if (said) say(typeof said === 'string' ? said : said(input), 'success');
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: gameKeys.detail(id) }), client.invalidateQueries({ queryKey: myGamesKeys.all })]),
  });
}

const path = (id: string) => ({ params: { path: { id } } });

/** A write that needs nothing but the game: its request, and what the toast says when it worked (if anything). */
const gameAction = (run: (id: string) => Promise<unknown>, said?: string) => (id: string) => useGameMutation(id, () => run(id), said);

/** The guests a player brings, named where a name was given. */
export interface Party {
  guests: number;
  guestNames: string[];
}

/** `waitlisted`: the place asked for is not free, so joining puts the party on the waitlist (the toast says which). */
export const useJoin = (id: string) =>
  useGameMutation(
    id,
    async ({ guests, guestNames }: Party & { waitlisted: boolean }) => {
      const joined = await data(api.POST('/api/v1/games/{id}/participants', { ...path(id), body: guests > 0 ? { guests, guestNames } : {} }));
      // Now there is something to be told about: the moment to offer push (once per browser). Called here, not in
      // a mutate callback: the join form is gone once the page shows the new place, and its callbacks with it.
      offerPushAfterJoin();
      return joined;
    },
    ({ waitlisted }) => (waitlisted ? t.game.waitlisted : t.game.joined),
  );

export const useAskToJoin = (id: string) =>
  useGameMutation(
    id,
    (message: string) => data(api.POST('/api/v1/games/{id}/join-requests', { ...path(id), body: message.trim() ? { message: message.trim() } : {} })),
    t.game.requested,
  );

export const useWithdrawRequest = gameAction((id) => done(api.DELETE('/api/v1/games/{id}/join-requests/me', path(id))), t.game.withdrawn);

export const useChangeGuests = (id: string) =>
  useGameMutation(id, (party: Party) => data(api.PUT('/api/v1/games/{id}/participants/me/guests', { ...path(id), body: party })), t.game.guestsSaved);

export const useLeave = gameAction((id) => done(api.DELETE('/api/v1/games/{id}/participants/me', path(id))), t.game.left);

export const useAcceptOffer = gameAction((id) => data(api.POST('/api/v1/games/{id}/waitlist-offer/accept', path(id))), t.game.accepted);

export const useDeclineOffer = gameAction((id) => done(api.POST('/api/v1/games/{id}/waitlist-offer/decline', path(id))), t.game.declined);

export const useCheckIn = gameAction((id) => data(api.POST('/api/v1/games/{id}/check-in', path(id))), t.game.checkInDone);

export const useRate = (id: string) =>
  useGameMutation(
    id,
    ({ score, note }: { score: number; note: string }) =>
      data(api.PUT('/api/v1/games/{id}/rating', { ...path(id), body: { score, ...(note.trim() ? { note: note.trim() } : {}) } })),
    t.game.rated,
  );

export const useSaveBookmark = gameAction((id) => data(api.POST('/api/v1/game-bookmarks', { body: { gameId: id } })));

export const useRemoveBookmark = gameAction((id) => done(api.DELETE('/api/v1/game-bookmarks/{gameId}', { params: { path: { gameId: id } } })));

/** A host's: the organiser cancels the game (its players are told). */
export const useCancelGame = gameAction((id) => done(api.DELETE('/api/v1/games/{id}', path(id))));

/** A host's: a player is taken off the game. */
export const useRemovePlayer = (id: string) =>
  useGameMutation(id, (userId: string) => done(api.DELETE('/api/v1/games/{id}/participants/{userId}', { params: { path: { id, userId } } })));
