import { Type } from 'typebox';
import { CursorPage, offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import {
  AddCoHostBody,
  CoHost,
  CreateGameBody,
  FilterOptions,
  GameFilterQuery,
  GameIdParams,
  GameSchema,
  GamesQuery,
  GuestsBody,
  JoinBody,
  JoinRequest,
  JoinRequestBody,
  JoinedQuery,
  MyGamesQuery,
  Participant,
  ParticipantParams,
  Participation,
  UpdateGameBody,
} from './games.schemas.ts';

/** What each games route accepts and answers (its path, access and work are in the routes files); beside the schemas, which fill their own file. */
export const GamesApi = {
  list: { summary: 'Visible games by start time (cursor-paged)', querystring: GamesQuery, data: CursorPage(GameSchema), message: 'Games' },
  filterOptions: { summary: 'Venues, levels, start times and game types present under the filters', querystring: GameFilterQuery, data: FilterOptions, message: 'Filter options' },
  one: { summary: 'One game', params: GameIdParams, data: GameSchema, message: 'Game' },
  joined: { summary: 'Games the caller plays in, hosts, waits for or asked to join (by state)', querystring: JoinedQuery, data: CursorPage(GameSchema), message: 'Joined games' },
  hosted: { summary: 'Games the caller organises', querystring: MyGamesQuery, data: CursorPage(GameSchema), message: 'Hosted games' },

  create: { summary: 'Host a game', body: CreateGameBody, data: GameSchema, status: 201, message: 'Game created' },
  update: { summary: 'Change a game (organiser or co-host; fields present replace)', params: GameIdParams, body: UpdateGameBody, data: GameSchema, message: 'Game updated' },
  cancel: { summary: 'Cancel a game (organiser or admin)', params: GameIdParams },
  adminCancel: { summary: 'Cancel any game', params: GameIdParams },
  confirm: { summary: 'Game on: confirm the game now, whatever its quorum (organiser or co-host)', params: GameIdParams, data: GameSchema, message: 'Game confirmed' },
  hardDelete: { summary: 'Remove a game and everything attached (organiser or admin)', params: GameIdParams },

  join: {
    summary: 'Join a game, with guests if it allows them (its waitlist when your party does not fit)',
    params: GameIdParams,
    body: JoinBody,
    data: Participation,
    status: 201,
    message: 'Joined',
  },
  participants: { summary: 'Players of a visible game, in joining order', params: GameIdParams, data: Type.Array(Participant), message: 'Participants' },
  leave: { summary: 'Leave a game (a place: not within 24 h of its start; the waitlist: any time)', params: GameIdParams },
  removePlayer: { summary: 'Remove a player (organiser or co-host)', params: ParticipantParams },
  changeGuests: { summary: 'Change how many guests you bring (all of your party fits, or nothing changes)', params: GameIdParams, body: GuestsBody, data: Participation, message: 'Guests changed' },
  acceptOffer: { summary: 'Take the place you were offered from the waitlist, before the offer runs out', params: GameIdParams, data: Participation, message: 'Offer accepted' },
  declineOffer: { summary: 'Turn the offered place down: you leave the waitlist and the place goes to the next party', params: GameIdParams },

  coHosts: {
    summary: 'Co-hosts of a visible game, in the order they were added (the organiser also sees open invitations, PENDING)',
    params: GameIdParams,
    data: Type.Array(CoHost),
    message: 'Co-hosts',
  },
  addCoHost: {
    summary: 'Invite a co-host (organiser; at most 5): they co-host once they accept; inviting again while open changes nothing',
    params: GameIdParams,
    body: AddCoHostBody,
    data: CoHost,
    status: 201,
    message: 'Co-host invited',
  },
  removeCoHost: { summary: 'Remove a co-host, or withdraw an open invitation (organiser)', params: ParticipantParams },

  requestJoin: { summary: 'Ask to join a game under approval (or outside its level range)', params: GameIdParams, body: JoinRequestBody, data: JoinRequest, status: 201, message: 'Join requested' },
  joinRequests: { summary: 'Pending join requests, oldest first (organiser or co-host)', params: GameIdParams, ...offsetPaged(JoinRequest), message: 'Join requests' },
  withdrawRequest: { summary: 'Withdraw your join request', params: GameIdParams },
  approveRequest: {
    summary: 'Approve a join request: the player joins, or its waitlist when full (organiser or co-host)',
    params: ParticipantParams,
    data: Participation,
    message: 'Join request approved',
  },
  declineRequest: { summary: 'Decline a join request (organiser or co-host)', params: ParticipantParams },
} satisfies Record<string, RouteSpec>;
