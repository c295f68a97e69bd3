import type { RouteDocsTable } from '../../platform/http/openapi-document.ts';
import { AppError } from '../../platform/http/errors.ts';

/** Every game-day refusal: a status and a stable code (docs/errors.md lists them). */
export class GameDayError extends AppError {}

const conflict = (code: string, detail: string) => () => new GameDayError(409, code, detail);
const missing = (code: string, detail: string) => () => new GameDayError(404, code, detail);

export const gameNotFound = missing('game_not_found', 'The game was not found.');
export const roundNotFound = missing('round_not_found', 'The round was not found in this game.');
export const matchNotFound = missing('match_not_found', 'The match was not found in this game.');
export const windowClosed = conflict('game_day_window_closed', 'Game day opens from 30 minutes before the start until 12 hours after it.');
export const alreadyOpen = conflict('game_day_already_open', 'Game day is open for this game already.');
export const notOpen = conflict('game_day_not_open', 'Game day is not open for this game.');
export const closed = conflict('game_day_closed', 'Game day is closed for this game.');
export const notCheckedIn = conflict('not_checked_in', 'You are not checked in to this game.');
export const guestNotFound = missing('guest_not_found', 'No player of this game brings a guest with this id.');
export const notYourGuest = conflict('not_your_guest', 'Only the player who brought this guest, or a host, says they are leaving.');
export const noFreeCourt = conflict('no_free_court', 'Every court has a match; enter a score to free one.');
export const notEnoughPlayers = conflict('not_enough_players', 'Not enough players are waiting for a match.');
export const alreadyStarted = conflict('round_already_started', 'This round has started already.');
export const swapNotPossible = conflict('swap_not_possible', 'Swap a player of the proposal with one resting or on another court of it.');
export const notOnCourt = conflict('not_on_court', 'Only a player of this match or a host enters its score.');
export const notOtherSide = conflict('not_other_side', 'Only a player of the other side answers an entered score.');
export const alreadyEntered = conflict('score_already_entered', 'This match has a score already, or is not being played.');
export const nothingToAnswer = conflict('score_not_awaiting_answer', 'This score is not waiting for a confirmation.');
export const notDisputed = conflict('score_not_disputed', 'Only a disputed score is settled.');
export const badScore = () => new GameDayError(400, 'score_not_valid', 'The score does not fit the score rule of this game day.');

const hosts = ['game_not_found'];
export const GAME_DAY_ERRORS: RouteDocsTable = {
  'POST /api/v1/games/:id/game-day': { errors: { 404: hosts, 409: ['game_day_window_closed', 'game_day_already_open'] } },
  'GET /api/v1/games/:id/game-day': { errors: { 404: hosts } },
  'POST /api/v1/games/:id/game-day/leave': {
    errors: { 404: ['game_not_found', 'guest_not_found'], 409: ['game_day_not_open', 'game_day_closed', 'not_your_guest', 'not_checked_in'] },
  },
  'POST /api/v1/games/:id/game-day/rounds': { errors: { 404: hosts, 409: ['game_day_not_open', 'game_day_closed', 'no_free_court', 'not_enough_players'] } },
  'POST /api/v1/games/:id/game-day/rounds/:roundId/swap': {
    errors: { 404: ['game_not_found', 'round_not_found'], 409: ['game_day_not_open', 'game_day_closed', 'round_already_started', 'swap_not_possible'] },
  },
  'POST /api/v1/games/:id/game-day/rounds/:roundId/start': {
    errors: { 404: ['game_not_found', 'round_not_found'], 409: ['game_day_not_open', 'game_day_closed', 'round_already_started'] },
  },
  'PUT /api/v1/games/:id/game-day/matches/:matchId/score': {
    errors: {
      400: ['score_not_valid'],
      404: ['game_not_found', 'match_not_found'],
      409: ['game_day_not_open', 'game_day_closed', 'not_on_court', 'score_already_entered'],
    },
  },
  'POST /api/v1/games/:id/game-day/matches/:matchId/confirm': {
    errors: { 404: ['game_not_found', 'match_not_found'], 409: ['game_day_not_open', 'not_other_side', 'score_not_awaiting_answer'] },
  },
  'POST /api/v1/games/:id/game-day/matches/:matchId/dispute': {
    errors: { 404: ['game_not_found', 'match_not_found'], 409: ['game_day_not_open', 'not_other_side', 'score_not_awaiting_answer'] },
  },
  'POST /api/v1/games/:id/game-day/matches/:matchId/settle': {
    errors: { 400: ['score_not_valid'], 404: ['game_not_found', 'match_not_found'], 409: ['game_day_not_open', 'score_not_disputed'] },
  },
  'POST /api/v1/games/:id/game-day/close': { errors: { 404: hosts, 409: ['game_day_not_open', 'game_day_closed'] } },
};
