import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { gameKeys, ownPaymentQuery } from '../../api/queries/games';
import { moment, t } from '../../i18n';
import { Badge, Button, Card, Field, Problem, Sheet, useToast } from '../../ui';
import { amountOf, isZero } from './amounts';
import './money.css';

const m = t.money;

/**
 * The QR code of the payload the API made: drawn here, never composed here. The encoder (the largest
 * code of the game page) loads when a code is first drawn, not with the sheet.
 */
function PayNowQr({ payload, label }: { payload: string; label: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 512 }))
      .then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [payload]);
  return src ? <img className="money-qr" src={src} alt={label} width={256} height={256} /> : null;
}

/** The player's payment on the game page: what they owe, the PayNow code for it, and "I've paid". */
export function PaySheet({ gameId }: { gameId: string }) {
  const client = useQueryClient();
  const say = useToast();
  const referenceId = useId();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const own = useQuery(ownPaymentQuery(gameId));
  const claim = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/v1/games/{id}/payments/me/claim', { params: { path: { id: gameId } }, body: reference.trim() ? { reference: reference.trim() } : {} }),
      ),
    onSuccess: (answer) => {
      client.setQueryData(gameKeys.ownPayment(gameId), answer);
      setOpen(false);
      say(m.claimed, 'success');
    },
  });
  const mine = own.data;
  if (!mine || mine.entries.length === 0) return <Problem error={own.error} />;
  const owes = !isZero(mine.owed);
  const payNow = mine.payNow;
  return (
    <Card className="stack">
      <h2>{m.payHeading}</h2>
      <ul className="card-list money-list" aria-label={m.payHeading}>
        {mine.entries.map((entry) => (
          <li key={entry.id} className="money-item-head">
            <span>
              {m.place(entry.place)}: {amountOf(entry.amount, mine.currency)}
            </span>
            <Badge tone={entry.state === 'PAID' || entry.state === 'WAIVED' ? 'success' : entry.state === 'REFUND_DUE' ? 'warning' : 'neutral'}>
              {m.state(entry.state)}
            </Badge>
          </li>
        ))}
      </ul>
      <p>{owes ? m.youOwe(amountOf(mine.owed, mine.currency)) : m.allSettled}</p>
      <p className="muted">{mine.payBy === 'BEFORE' ? m.payBefore : m.payAfter}</p>
      {owes && mine.releaseAt && <p>{m.payByDeadline(moment(mine.releaseAt))}</p>}
      {owes && (
        <Button variant="primary" onClick={() => setOpen(true)}>
          {m.pay}
        </Button>
      )}
      <Problem error={own.error} />
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={m.paySheetTitle}
        actions={{
          secondary: { text: m.close, onClick: () => setOpen(false) },
          primary: { text: m.claim, busy: claim.isPending, onClick: () => claim.mutate() },
        }}
      >
        {payNow ? (
          <>
            <p className="muted">{m.scanHint}</p>
            <PayNowQr payload={payNow.payload} label={m.qrAlt(payNow.payeeName, amountOf(payNow.amount, mine.currency))} />
            <dl className="facts">
              <dt>{m.proxyType}</dt>
              <dd>{payNow.payeeName}</dd>
              <dt>{payNow.proxyType === 'MOBILE' ? m.mobile : m.uen}</dt>
              <dd>{payNow.proxy}</dd>
              <dt>{m.reference}</dt>
              <dd>{mine.reference}</dd>
            </dl>
          </>
        ) : (
          <p>{m.noPayNow}</p>
        )}
        <p>{m.youOwe(amountOf(mine.owed, mine.currency))}</p>
        <Field label={m.claimReference} id={referenceId} hint={m.claimHint}>
          <input
            id={referenceId}
            value={reference}
            maxLength={40}
            aria-describedby={`${referenceId}-hint`}
            onChange={(event) => setReference(event.target.value)}
          />
        </Field>
        <Problem error={claim.error} />
        <p className="muted">{m.serviceNote}</p>
      </Sheet>
    </Card>
  );
}
