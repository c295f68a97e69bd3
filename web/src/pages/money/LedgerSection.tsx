import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { moment, t } from '../../i18n';
import { Badge, Button, Card, EmptyState, Field, Loading, Problem, Section, useToast } from '../../ui';
import { amountOf } from './amounts';
import './money.css';

const m = t.money;
type Move = 'PAID' | 'WAIVED' | 'NOT_RECEIVED' | 'REFUNDED';
type Rules = { payBy: 'BEFORE' | 'AFTER'; releaseUnpaidHoursBefore: 2 | 6 | 12 | 24 | 48 | 72 | null };
/** The choices the API takes (anything else is refused with 400). */
const RELEASE_HOURS = [2, 6, 12, 24, 48, 72] as const;

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

/** The game's ledger for its organiser and co-hosts: totals, every place, one-tap changes and the CSV export. */
export function LedgerSection({ gameId }: { gameId: string }) {
  const client = useQueryClient();
  const say = useToast();
  const key = ['game', gameId, 'ledger'];
  const ledger = useQuery({ queryKey: key, queryFn: () => data(api.GET('/api/v1/games/{id}/ledger', { params: { path: { id: gameId } } })) });
  const move = useMutation({
    mutationFn: ({ entryId, state }: { entryId: string; state: Move }) =>
      data(api.POST('/api/v1/games/{id}/ledger/{entryId}', { params: { path: { id: gameId, entryId } }, body: { state } })),
    onSuccess: () => say(m.updated, 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const rules = useMutation({
    // The rules are replaced as a whole: both travel together, so changing one keeps the other.
    mutationFn: (body: Rules) => data(api.PUT('/api/v1/games/{id}/payment-rules', { params: { path: { id: gameId } }, body })),
    onSuccess: () => say(m.payBySaved, 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
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
        <Field label={m.payByLabel} id="pay-by" hint={m.payByHint}>
          <select
            id="pay-by"
            aria-describedby="pay-by-hint"
            value={book.payBy}
            disabled={rules.isPending}
            onChange={(event) =>
              rules.mutate({ payBy: event.target.value === 'BEFORE' ? 'BEFORE' : 'AFTER', releaseUnpaidHoursBefore: book.releaseUnpaidHoursBefore })
            }
          >
            <option value="AFTER">{m.payByAfter}</option>
            <option value="BEFORE">{m.payByBefore}</option>
          </select>
        </Field>
      )}
      {book && (
        <Field label={m.releaseLabel} id="release-unpaid" hint={book.releaseAt ? `${m.releaseHint} ${m.releaseAt(moment(book.releaseAt))}` : m.releaseHint}>
          <select
            id="release-unpaid"
            aria-describedby="release-unpaid-hint"
            value={book.releaseUnpaidHoursBefore ?? ''}
            disabled={rules.isPending}
            onChange={(event) => {
              const hours = RELEASE_HOURS.find((choice) => String(choice) === event.target.value) ?? null;
              rules.mutate({ payBy: book.payBy, releaseUnpaidHoursBefore: hours });
            }}
          >
            <option value="">{m.releaseOff}</option>
            {RELEASE_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {m.releaseHours(hours)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {book && (
        <dl className="money-facts" aria-label={m.totals}>
          <dt>{m.expected}</dt>
          <dd>{amountOf(book.totals.expected, book.currency)}</dd>
          <dt>{m.outstanding}</dt>
          <dd>{amountOf(book.totals.outstanding, book.currency)}</dd>
          <dt>{m.claimedTotal}</dt>
          <dd>{amountOf(book.totals.claimed, book.currency)}</dd>
          <dt>{m.confirmed}</dt>
          <dd>{amountOf(book.totals.confirmed, book.currency)}</dd>
          <dt>{m.waived}</dt>
          <dd>{amountOf(book.totals.waived, book.currency)}</dd>
          <dt>{m.refundDue}</dt>
          <dd>{amountOf(book.totals.refundDue, book.currency)}</dd>
        </dl>
      )}
      {book && book.players.length === 0 && <EmptyState title={m.nobodyOwes} />}
      <ul className="money-list" aria-label={m.ledgerHeading}>
        {book?.players.flatMap((player) =>
          player.entries.map((entry) => (
            <Card as="li" key={entry.id} className="money-item">
              <div className="money-item-head">
                <span className="money-who">
                  {player.name ?? m.someone} · {m.ledgerPlace(entry.place)}
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
                <div className="money-actions" role="group" aria-label={m.entryActions(player.name ?? m.someone, m.ledgerPlace(entry.place))}>
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
