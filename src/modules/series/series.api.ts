import { Type } from 'typebox';
import { offsetPaged } from '../../platform/http/pagination.ts';
import type { RouteSpec } from '../../platform/http/route-set.ts';
import { PaymentRules, PaymentRulesBody } from '../payments/index.ts';
import { CreateSeriesBody, EditOccurrenceBody, EditResult, Member, MemberBody, MemberParams, Occurrence, OccurrenceParams, SeriesIdParams, SeriesSchema } from './series.schemas.ts';

/** What each series route accepts and answers (paths and work: series.routes.ts and series.members.routes.ts). */
export const SeriesApi = {
  create: { summary: 'Host a recurring series of games', body: CreateSeriesBody, data: SeriesSchema, status: 201, message: 'Series created' },
  list: { summary: 'The series you run, co-host or play in as a regular, newest first', ...offsetPaged(SeriesSchema), message: 'Series' },
  one: { summary: 'One series', params: SeriesIdParams, data: SeriesSchema, message: 'Series' },
  end: { summary: 'End a series (organiser): its games still to come are cancelled', params: SeriesIdParams },
  paymentRules: { summary: "The series' money rules (organiser or co-host)", params: SeriesIdParams, data: PaymentRules, message: 'Payment rules' },
  setPaymentRules: {
    summary: "Set the series' money rules (organiser or co-host): each game it opens from now on takes them, and so do its opened games still to come",
    description: "The same rules as a game's (PUT /api/v1/games/{id}/payment-rules), replaced as a whole. A game whose own rules were set on it keeps them: the game's rules win over the series'.",
    params: SeriesIdParams,
    body: PaymentRulesBody,
    data: PaymentRules,
    message: 'Payment rules saved',
  },
  occurrences: { summary: 'Every date of the series in order, with its game once opened', params: SeriesIdParams, ...offsetPaged(Occurrence), message: 'Occurrences' },
  edit: { summary: 'Change this game, or this and the following ones (organiser or co-host)', params: OccurrenceParams, body: EditOccurrenceBody, data: EditResult, message: 'Series updated' },
  cancel: { summary: 'Cancel one date of the series (organiser)', params: OccurrenceParams },
  skip: { summary: 'Sit one date out (a regular)', params: OccurrenceParams },
  regulars: {
    summary: 'The regulars, in the order they joined each new game (the organiser and co-hosts also see open invitations, PENDING)',
    params: SeriesIdParams,
    data: Type.Array(Member),
    message: 'Members',
  },
  coHosts: { summary: 'The co-hosts of the series (the organiser also sees open invitations, PENDING)', params: SeriesIdParams, data: Type.Array(Member), message: 'Members' },
  addRegular: {
    summary: 'Opt in yourself (ACTIVE at once), or invite a regular (organiser or co-host; PENDING until they accept)',
    params: SeriesIdParams,
    body: MemberBody,
    data: Member,
    status: 201,
    message: 'Regular added or invited',
  },
  removeRegular: { summary: 'Leave the series (yourself), or remove a regular or withdraw an invitation (organiser or co-host)', params: MemberParams },
  addCoHost: {
    summary: 'Invite a co-host to the series (organiser; at most 5): they co-host once they accept',
    params: SeriesIdParams,
    body: MemberBody,
    data: Member,
    status: 201,
    message: 'Co-host invited',
  },
  removeCoHost: { summary: 'Remove a co-host, or withdraw an invitation (organiser)', params: MemberParams },
} satisfies Record<string, RouteSpec>;
