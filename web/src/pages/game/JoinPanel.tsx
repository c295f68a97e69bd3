import { useState } from 'react';
import { t } from '../../i18n';
import { formatDateTime } from '../../time';
import { Button, Card, Field, Problem, TextArea, useConfirm } from '../../ui';
import type { Game, ViewerPlace } from './types';
import { useAskToJoin, useChangeGuests, useJoin, useWithdrawRequest } from './actions';

/** The guests a player brings, with the names given so far. */
interface GuestChoice {
  guests: number;
  names: string[];
}

/** Guests to bring (0 to the game's limit), with optional names: used when joining and when changing them later. */
function GuestPicker({ max, value, onChange }: { max: number; value: GuestChoice; onChange: (value: GuestChoice) => void }) {
  const { guests, names } = value;
  const pick = (count: number, list: string[]) => onChange({ guests: count, names: list });
  return (
    <>
      <Field label={t.game.guests} id="guests">
        <select id="guests" value={guests} onChange={(event) => pick(Number(event.target.value), names.slice(0, Number(event.target.value)))}>
          {Array.from({ length: max + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count === 0 ? t.game.noGuests : t.game.guestCount(count)}
            </option>
          ))}
        </select>
      </Field>
      {Array.from({ length: guests }, (_, index) => (
        <Field key={index} label={t.game.guestName(index + 1)} id={`guest-${index}`}>
          <input
            id={`guest-${index}`}
            maxLength={100}
            value={names[index] ?? ''}
            onChange={(event) => pick(guests, Object.assign([...names], { [index]: event.target.value }))}
          />
        </Field>
      ))}
    </>
  );
}

const named = (names: string[]) => names.map((name) => name.trim()).filter(Boolean);

/** A visitor's way in: join (with guests), join the waitlist, or ask the host with a message; the button says which. */
export function JoinForm({ game, place }: { game: Game; place: ViewerPlace }) {
  const join = useJoin(game.id);
  const ask = useAskToJoin(game.id);
  const [party, setParty] = useState<GuestChoice>({ guests: 0, names: [] });
  const { guests, names } = party;
  const [message, setMessage] = useState('');
  if (place.entry === 'REFUSED') return <p className="notice warning">{t.game.refused}</p>;
  if (game.maxRecentNoShows !== null && (place.recentNoShows ?? 0) >= game.maxRecentNoShows) return <p className="notice warning">{t.game.noShowBlocked}</p>;
  if (place.entry === 'REQUEST') {
    return (
      <form
        className="join-form"
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate(message);
        }}
      >
        <TextArea label={t.game.requestMessage} id="request-message" hint={t.game.requestHint} maxLength={500} rows={3} value={message} onChange={setMessage} />
        <Button type="submit" variant="primary" busy={ask.isPending}>
          {t.game.askToJoin}
        </Button>
        <Problem error={ask.error} />
      </form>
    );
  }
  const free = game.slots - game.playersJoined - game.placesOnOffer;
  const waitlisted = free < 1 + guests;
  const label = waitlisted ? t.game.joinWaitlist : guests > 0 ? t.game.joinWithGuests(guests) : t.game.join;
  return (
    <form
      className="join-form"
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate({ guests, guestNames: named(names), waitlisted });
      }}
    >
      {game.maxGuestsPerPlayer > 0 && <GuestPicker max={game.maxGuestsPerPlayer} value={party} onChange={setParty} />}
      <Button type="submit" variant="primary" busy={join.isPending} aria-describedby="leave-rule">
        {label}
      </Button>
      <Problem error={join.error} />
    </form>
  );
}

/** An open request: what was said, and a way to take it back. */
export function PendingRequest({ game, place }: { game: Game; place: ViewerPlace }) {
  const write = useWithdrawRequest(game.id);
  const confirm = useConfirm();
  const request = place.request!;
  const withdraw = async () => {
    if (!(await confirm({ title: t.game.withdrawTitle, body: t.game.withdrawBody, confirm: t.game.withdraw, danger: true }))) return;
    write.mutate();
  };
  return (
    <Card className="stack">
      <p>{t.game.requestPending(formatDateTime(request.requestedAt))}</p>
      {request.message && <p className="muted">{t.game.yourMessage(request.message)}</p>}
      <Button variant="danger" busy={write.isPending} onClick={() => void withdraw()}>
        {t.game.withdraw}
      </Button>
      <Problem error={write.error} />
    </Card>
  );
}

/** A player's party: how many guests, changed in place while the game has not started. */
export function Party({ game, place }: { game: Game; place: ViewerPlace }) {
  const write = useChangeGuests(game.id);
  const [editing, setEditing] = useState(false);
  const [party, setParty] = useState<GuestChoice>({ guests: place.guests, names: place.guestNames });
  const { guests, names } = party;
  const canChange = game.status === 'SCHEDULED' && game.maxGuestsPerPlayer > 0;
  const save = () => write.mutate({ guests, guestNames: named(names) }, { onSuccess: () => setEditing(false) });
  return (
    <div className="stack">
      <p>
        {t.game.yourParty(place.guests)}
        {place.guestNames.length > 0 && ` (${place.guestNames.join(', ')})`}
      </p>
      {canChange && !editing && (
        <Button variant="ghost" onClick={() => setEditing(true)}>
          {t.game.changeGuests}
        </Button>
      )}
      {editing && (
        <form
          className="join-form"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <GuestPicker max={game.maxGuestsPerPlayer} value={party} onChange={setParty} />
          <Button type="submit" busy={write.isPending}>
            {t.game.saveGuests}
          </Button>
        </form>
      )}
      <Problem error={write.error} />
    </div>
  );
}
