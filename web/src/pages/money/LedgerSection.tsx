import { Fragment } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { gameKeys, gamePaymentRulesQuery, ledgerQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { Badge, Button, Card, EmptyState, Loading, Problem, Section, useToast } from '../../ui';
import { amountOf } from './amounts';
import { PaymentRulesFields, type PaymentRules } from './PaymentRulesFields';
import './money.css';

const m = t.money;
type Move = 'PAID' | 'WAIVED' | 'NOT_RECEIVED' | 'REFUNDED';

/** What a host may do from each state (the API refuses anything else with 409): offered as buttons, one tap each. */
const MOVES: Record<string, Array<[Move, string]>> = {
  DUE: [
    ['PAID', m.confirm],
    ['WAIVED', m.waive],
  ],
  CLAIMED: [
    ['PAID', m.confirm],
    ['NOT_RECEIVED', m.notReceived],
    ['WAIVED', m.waive],
  ],
  NOT_RECEIVED: [
    ['PAID', m.confirm],
    ['WAIVED', m.waive],
  ],
  PAID: [['NOT_RECEIVED', m.notReceived]],
  REFUND_DUE: [
    ['REFUNDED', m.refunded],
    ['PAID', m.keep],
  ],
};

/** The ledger's totals, in the order the host reads them. */
const TOTALS = [
  ['expected', m.expected],
  ['outstanding', m.outstanding],
  ['claimed', m.claimedTotal],
  ['confirmed', m.confirmed],
  ['waived', m.waived],
  ['refundDue', m.refundDue],
] as const;

/** The game's ledger for its organiser and co-hosts: totals, every place, one-tap changes and the CSV export. */
export function LedgerSection({ gameId }: { gameId: string }) {
  const client = useQueryClient();
  const say = useToast();
  // Only to say where the rules came from: the ledger carries the rules themselves.
  const source = useQuery(gamePaymentRulesQuery(gameId));
  const ledger = useQuery(ledgerQuery(gameId));
  const move = useMutation({
    mutationFn: ({ entryId, state }: { entryId: string; state: Move }) =>
      data(api.POST('/api/v1/games/{id}/ledger/{entryId}', { params: { path: { id: gameId, entryId } }, body: { state } })),
    onSuccess: () => say(m.updated, 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: gameKeys.ledger(gameId) }),
  });
  const rules = useMutation({
    mutationFn: (body: PaymentRules) => data(api.PUT('/api/v1/games/{id}/payment-rules', { params: { path: { id: gameId } }, body })),
    onSuccess: () => say(m.payBySaved, 'success'),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: gameKeys.ledger(gameId) }), client.invalidateQueries({ queryKey: gameKeys.paymentRules(gameId) })]),
  });
  const book = ledger.data;
  // @calls GET /api/v1/games/{id}/ledger.csv (a download the browser makes with the session cookie)
  const csv = '/api/v1/games/{id}/ledger.csv'.replace('{id}', gameId);
  return (
    <Section title={m.ledgerHeading} id="payments">
      <p className="muted">{m.ledgerHint}</p>
      {ledger.isPending && <Loading />}
      <Problem error={ledger.error ?? move.error ?? rules.error} />
      {book && (
        <PaymentRulesFields
          idPrefix="game"
          rules={{ payBy: book.payBy, releaseUnpaidHoursBefore: book.releaseUnpaidHoursBefore }}
          releaseAt={book.releaseAt}
          busy={rules.isPending}
          onChange={(body) => rules.mutate(body)}
        />
      )}
      {source.data?.source === 'SERIES' && <p className="muted">{m.rulesFromSeries}</p>}
      {book && (
        <dl className="facts" aria-label={m.totals}>
          {TOTALS.map(([total, label]) => (
            <Fragment key={total}>
              <dt>{label}</dt>
              <dd>{amountOf(book.totals[total], book.currency)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {book && book.players.length === 0 && <EmptyState title={m.nobodyOwes} />}
      <ul className="card-list money-list" aria-label={m.ledgerHeading}>
        {book?.players.flatMap((player) =>
          player.entries.map((entry) => (
            <Card as="li" key={entry.id} className="money-item">
              <div className="money-item-head">
                <span className="money-who">
                  {player.name ?? t.common.aPlayer} · {m.ledgerPlace(entry.place)}
                </span>
                <Badge tone={entry.state === 'PAID' || entry.state === 'WAIVED' ? 'success' : entry.state === 'REFUND_DUE' ? 'warning' : 'neutral'}>
                  {m.state(entry.state)}
                </Badge>
              </div>
              <span className="muted">
                {amountOf(entry.amount, book.currency)} · {player.reference}
                {entry.claimReference ? ` · ${entry.claimReference}` : ''}
              </span>
              {(MOVES[entry.state] ?? []).length > 0 && (
                <div className="money-actions" role="group" aria-label={m.entryActions(player.name ?? t.common.aPlayer, m.ledgerPlace(entry.place))}>
                  {(MOVES[entry.state] ?? []).map(([state, label]) => (
                    <Button
                      key={state}
                      variant={state === 'PAID' && entry.state !== 'REFUND_DUE' ? 'primary' : 'secondary'}
                      disabled={move.isPending}
                      onClick={() => move.mutate({ entryId: entry.id, state })}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              )}
            </Card>
          )),
        )}
      </ul>
      {book && book.players.length > 0 && (
        <a href={csv} download>
          {m.exportCsv}
        </a>
      )}
    </Section>
  );
}
