import { useState } from 'react';
import { t, timeUntil } from '../../i18n';
import { formatDateTime, formatTime } from '../../time';
import { Badge, Button, Card, Problem, TextArea, useConfirm } from '../../ui';
import { useTicking } from './clock';
import type { Game, ViewerPlace } from './types';
import { useAcceptOffer, useCheckIn, useDeclineOffer, useLeave, useRate } from './actions';

/** A place offered from the waitlist: the claim window's end and a live countdown, accept or decline. */
export function Offer({ game, place }: { game: Game; place: ViewerPlace }) {
  const accept = useAcceptOffer(game.id);
  const decline = useDeclineOffer(game.id);
  const confirm = useConfirm();
  const now = useTicking(true);
  const until = place.offerExpiresAt!;
  const askDecline = async () => {
    if (!(await confirm({ title: t.game.declineTitle, body: t.game.declineBody, confirm: t.game.decline, danger: true }))) return;
    decline.mutate();
  };
  return (
    <Card as="section" className="stack offer" aria-labelledby="offer-title">
      <h2 id="offer-title">{t.game.offerTitle}</h2>
      <p role="timer" aria-live="off">
        {t.game.offerBody(formatDateTime(until), timeUntil(until, now))}
      </p>
      <div className="actions">
        <Button variant="primary" busy={accept.isPending} disabled={decline.isPending} onClick={() => accept.mutate()}>
          {t.game.accept}
        </Button>
        <Button variant="danger" busy={decline.isPending} disabled={accept.isPending} onClick={() => void askDecline()}>
          {t.game.decline}
        </Button>
      </div>
      <Problem error={accept.error ?? decline.error} />
    </Card>
  );
}

/** Leaving a place or the waitlist: asks first, and is closed when the service says so. */
export function LeaveButton({ game, place, waitlisted }: { game: Game; place: ViewerPlace; waitlisted: boolean }) {
  const write = useLeave(game.id);
  const confirm = useConfirm();
  const closed = !waitlisted && place.leave?.allowed === false;
  const leave = async () => {
    const asked = waitlisted
      ? { title: t.game.leaveWaitlistTitle, body: t.game.leaveWaitlistBody, confirm: t.game.leaveWaitlist }
      : { title: t.game.leaveTitle, body: t.game.leaveBody(place.guests), confirm: t.game.leave };
    if (!(await confirm({ ...asked, danger: true }))) return;
    write.mutate();
  };
  return (
    <>
      <Button variant="danger" aria-describedby="leave-rule" disabled={closed} busy={write.isPending} onClick={() => void leave()}>
        {waitlisted ? t.game.leaveWaitlist : t.game.leave}
      </Button>
      <Problem error={write.error} />
    </>
  );
}

/** Self check-in within its window (the service's times), then that it is done. */
export function CheckIn({ game, place, now }: { game: Game; place: ViewerPlace; now: number }) {
  const write = useCheckIn(game.id);
  if (place.attendance === 'ATTENDED') return <Badge tone="success">{t.game.checkedIn}</Badge>;
  if (place.attendance === 'NO_SHOW') return <p className="notice warning">{t.game.noShow}</p>;
  const window = place.checkIn;
  if (!window || now > Date.parse(window.closesAt)) return null;
  if (now < Date.parse(window.opensAt)) return <p className="muted">{t.game.checkInOpens(formatTime(window.opensAt))}</p>;
  return (
    <div className="stack">
      <p>{t.game.checkInOpen(formatTime(window.closesAt))}</p>
      <Button variant="primary" busy={write.isPending} onClick={() => write.mutate()}>
        {t.game.checkIn}
      </Button>
      <Problem error={write.error} />
    </div>
  );
}

/** After the game: a player marked attended rates it (1–5 and a note), once; rating again replaces it. */
export function Rate({ game, place, now }: { game: Game; place: ViewerPlace; now: number }) {
  const write = useRate(game.id);
  const [score, setScore] = useState(place.rating?.score ?? 0);
  const [note, setNote] = useState(place.rating?.note ?? '');
  if (!place.rateFrom) return null;
  if (now < Date.parse(place.rateFrom)) return null;
  if (place.attendance !== 'ATTENDED') return <p className="muted">{t.game.rateOnlyAttended}</p>;
  if (place.rating) return <p>{t.game.yourRating(place.rating.score)}</p>;
  return (
    <Card as="section" className="stack" aria-labelledby="rate-title">
      <h2 id="rate-title">{t.game.rateTitle}</h2>
      <p className="muted">{t.game.rateIntro}</p>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          write.mutate({ score, note });
        }}
      >
        <fieldset className="stars">
          <legend>{t.game.score}</legend>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value}>
              <input type="radio" name="score" value={value} checked={score === value} onChange={() => setScore(value)} />
              {t.game.stars(value)}
            </label>
          ))}
        </fieldset>
        <TextArea label={t.game.note} id="rating-note" maxLength={500} rows={2} value={note} onChange={setNote} />
        <Button type="submit" variant="primary" disabled={score === 0} busy={write.isPending}>
          {t.game.rate}
        </Button>
      </form>
      <Problem error={write.error} />
    </Card>
  );
}
