import { Type } from 'typebox';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import {
  AttendanceEntry,
  Dispute,
  DisputeBody,
  DisputeParams,
  GameIdParams,
  GameRatingsSchema,
  MarkBody,
  OwnRating,
  PlayerParams,
  QueuedDispute,
  RatingBody,
  OwnReliabilityRecord,
  ReliabilityRecord,
  SettleParams,
} from './attendance.schemas.ts';

/** What each attendance route accepts and answers. */
export const AttendanceApi = {
  list: { summary: 'The players with a place and their attendance (organiser or co-host)', params: GameIdParams, data: Type.Array(AttendanceEntry), message: 'Attendance' },
  mark: {
    summary: 'Mark a player ATTENDED or NO_SHOW, from 30 minutes before the start to 12 hours after (organiser or co-host)',
    params: PlayerParams,
    body: MarkBody,
    data: AttendanceEntry,
    message: 'Attendance marked',
  },
  checkIn: { summary: 'Check yourself in, within 30 minutes of the start, where the game allows it', params: GameIdParams, data: AttendanceEntry, message: 'Checked in' },
  ownRecord: { summary: 'Your games played and no-shows in the last 90 days, with each NO_SHOW mark and whether it may be disputed', data: OwnReliabilityRecord, message: 'Reliability' },
  recordFor: { summary: "A player's (or requester's) games played and no-shows in the last 90 days (organiser or co-host)", params: PlayerParams, data: ReliabilityRecord, message: 'Reliability' },
  rate: {
    summary: 'Rate a game you attended, once it has ended (1–5 and a note; again replaces it); only its hosts see ratings',
    params: GameIdParams,
    body: RatingBody,
    data: OwnRating,
    message: 'Rated',
  },
  ratings: { summary: "The players' ratings of the game, anonymous (organiser or co-host)", params: GameIdParams, data: GameRatingsSchema, message: 'Ratings' },
  dispute: { summary: 'Dispute a NO_SHOW mark within 7 days of it: it counts towards no gate until an admin upholds it', params: DisputeParams, body: DisputeBody, data: Dispute, message: 'Disputed' },
  disputes: { summary: 'The open disputes of NO_SHOW marks, oldest first (at most 100; admin)', data: Type.Array(QueuedDispute), message: 'Disputes' },
  uphold: { summary: 'Uphold a disputed NO_SHOW: it counts again (admin)', params: SettleParams, data: Dispute, message: 'Upheld' },
  dismiss: { summary: 'Dismiss a disputed NO_SHOW: the mark is removed (admin)', params: SettleParams, data: Dispute, message: 'Dismissed' },
} satisfies Record<string, RouteSpec>;
