import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { meKeys, moneyQuery, paynowQuery } from '../../api/queries/me';
import { t } from '../../i18n';
import { Link } from '../../router';
import { formatDateTime } from '../../time';
import { Button, Card, EmptyState, Field, Loading, Page, Problem, Section, useConfirm, useToast } from '../../ui';
import { amountOf, isZero } from './amounts';
import './money.css';

const m = t.money;

type Line = { gameId: string; title: string | null; startTime: string; currency: string; owed: string; claimed: string; refundDue: string };

function Lines({ lines, label, empty }: { lines: Line[]; label: string; empty: string }) {
  if (lines.length === 0) return <EmptyState title={empty} />;
  return (
    <ul className="card-list money-list" aria-label={label}>
      {lines.map((line) => (
        <Card as="li" key={line.gameId} className="money-item">
          <div className="money-item-head">
            <Link to={`/games/${line.gameId}`}>{line.title ?? m.untitled}</Link>
            <span className="muted">{formatDateTime(line.startTime)}</span>
          </div>
          <span>
            {[
              !isZero(line.owed) && m.lineOwed(amountOf(line.owed, line.currency)),
              !isZero(line.claimed) && m.lineClaimed(amountOf(line.claimed, line.currency)),
              !isZero(line.refundDue) && m.lineRefund(amountOf(line.refundDue, line.currency)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </Card>
      ))}
    </ul>
  );
}

/** The organiser's PayNow details: shown to players who owe them, sealed at rest. */
function PayNowForm() {
  const client = useQueryClient();
  const say = useToast();
  const confirm = useConfirm();
  const ids = { type: useId(), proxy: useId(), name: useId() };
  const payee = useQuery(paynowQuery());
  const [proxyType, setProxyType] = useState<'MOBILE' | 'UEN'>('MOBILE');
  const [proxy, setProxy] = useState('');
  const [displayName, setDisplayName] = useState('');
  useEffect(() => {
    if (!payee.data) return;
    setProxyType(payee.data.proxyType);
    setProxy(payee.data.proxy);
    setDisplayName(payee.data.displayName);
  }, [payee.data]);
  const save = useMutation({
    mutationFn: () => data(api.PUT('/api/v1/me/paynow', { body: { proxyType, proxy, displayName } })),
    onSuccess: (saved) => {
      client.setQueryData(meKeys.paynow, saved);
      say(m.saved, 'success');
    },
  });
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/me/paynow')),
    onSuccess: () => {
      client.setQueryData(meKeys.paynow, null);
      setProxy('');
      setDisplayName('');
      say(m.removed, 'success');
    },
  });
  const removeAsked = async () => {
    if (await confirm({ title: m.removeTitle, body: m.removeBody, confirm: m.remove, danger: true })) remove.mutate();
  };
  return (
    <Section title={m.payNowHeading} id="paynow">
      <p className="muted">{m.payNowIntro}</p>
      {payee.isPending && <Loading />}
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Field label={m.proxyType} id={ids.type}>
          <select id={ids.type} value={proxyType} onChange={(event) => setProxyType(event.target.value as 'MOBILE' | 'UEN')}>
            <option value="MOBILE">{m.proxyMobile}</option>
            <option value="UEN">{m.proxyUen}</option>
          </select>
        </Field>
        <Field label={m.proxy} id={ids.proxy} hint={m.proxyHint}>
          <input
            id={ids.proxy}
            value={proxy}
            maxLength={20}
            required
            aria-describedby={`${ids.proxy}-hint`}
            onChange={(event) => setProxy(event.target.value)}
          />
        </Field>
        <Field label={m.displayName} id={ids.name}>
          <input id={ids.name} value={displayName} maxLength={25} required onChange={(event) => setDisplayName(event.target.value)} />
        </Field>
        <Problem error={save.error ?? remove.error ?? payee.error} />
        <div className="money-actions">
          <Button variant="primary" type="submit" busy={save.isPending}>
            {m.save}
          </Button>
          {payee.data && (
            <Button variant="danger" type="button" busy={remove.isPending} onClick={() => void removeAsked()}>
              {m.remove}
            </Button>
          )}
        </div>
      </form>
    </Section>
  );
}

/** Money under Me: what the person owes across games, what is owed to them, and their PayNow details. */
export function MoneyPage() {
  const mine = useQuery(moneyQuery());
  return (
    <Page title={m.title}>
      <p>{m.intro}</p>
      {mine.isPending && <Loading />}
      <Problem error={mine.error} />
      {mine.data && (
        <>
          <Section title={m.asPlayer} id="owe">
            <Lines lines={mine.data.asPlayer} label={m.asPlayer} empty={m.nothingOwed} />
          </Section>
          <Section title={m.asOrganizer} id="owed">
            <Lines lines={mine.data.asOrganizer} label={m.asOrganizer} empty={m.nothingOwedToYou} />
          </Section>
        </>
      )}
      <PayNowForm />
    </Page>
  );
}
