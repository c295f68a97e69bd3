import type { RouteSpec } from '../../platform/http/route-set.ts';
import { Board, GameIdParams, LeaveBody, Match, MatchParams, OpenBody, Proposal, RoundParams, ScoreBody, SwapBody } from './game-day.schemas.ts';

/** What each game-day route accepts and answers. */
export const GameDayApi = {
  open: {
    summary: 'Open game day: courts, format and score rule, from 30 minutes before the start until 12 hours after it (organiser or co-host)',
    params: GameIdParams,
    body: OpenBody,
    data: Board,
    message: 'Game day opened',
    status: 201,
  },
  board: { summary: 'The board: matches per court, the next round, who rests and for how long (players and hosts)', params: GameIdParams, data: Board, message: 'Board' },
  leave: {
    summary: "I'm leaving: out of the next rounds (a checked-in player); with guestId, their guest is (said by that player or a host). The body is optional",
    params: GameIdParams,
    body: LeaveBody,
    data: Board,
    message: 'Left',
  },
  propose: {
    summary: 'Propose the next round (or, per court, the next match for a free court); an open proposal is answered as it is (organiser or co-host)',
    params: GameIdParams,
    data: Proposal,
    message: 'Proposed',
  },
  swap: { summary: 'Swap two players of a proposal before it starts; the answer says what it costs (organiser or co-host)', params: RoundParams, body: SwapBody, data: Proposal, message: 'Swapped' },
  start: { summary: 'Start a proposed round, once (organiser or co-host)', params: RoundParams, data: Proposal, message: 'Started' },
  enter: { summary: 'Enter the score of a match being played (a player on the court, or a host); the court frees', params: MatchParams, body: ScoreBody, data: Match, message: 'Score entered' },
  confirm: { summary: 'Confirm an entered score (a player of the other side)', params: MatchParams, data: Match, message: 'Score confirmed' },
  dispute: { summary: 'Dispute an entered score (a player of the other side): a host settles it', params: MatchParams, data: Match, message: 'Score disputed' },
  settle: { summary: 'Settle a disputed score (organiser or co-host)', params: MatchParams, body: ScoreBody, data: Match, message: 'Score settled' },
  close: { summary: 'Close game day: the summary per player appears on the board (organiser or co-host)', params: GameIdParams, data: Board, message: 'Game day closed' },
} satisfies Record<string, RouteSpec>;
