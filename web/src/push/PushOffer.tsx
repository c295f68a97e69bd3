/**
 * The moment push is offered: right after the person joins a game (they now have something to be
 * told about), never when the app loads. The join calls offerPushAfterJoin(); the sheet, mounted on
 * the game page, asks once per browser and only asks the browser for permission on "Turn on".
 */
import { useState, useSyncExternalStore } from 'react';
import { t } from '../i18n';
import { Sheet, useToast } from '../ui';
import { pushOffered, shouldOfferPush, turnOnPush } from './push';

let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** After a successful join: opens the offer when it is worth making (see shouldOfferPush). */
export function offerPushAfterJoin(): void {
  void shouldOfferPush()
    .then((offer) => {
      if (offer) set(true);
    })
    .catch(() => undefined);
}

export function PushOffer() {
  const showing = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
  const say = useToast();
  const [busy, setBusy] = useState(false);
  const close = () => {
    pushOffered();
    set(false);
  };
  const turnOn = async () => {
    setBusy(true);
    try {
      const state = await turnOnPush();
      say(state === 'on' ? t.push.turnedOn : state === 'blocked' ? t.push.blocked : t.push.notNow, state === 'on' ? 'success' : 'neutral');
    } catch {
      say(t.push.failed, 'danger');
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <Sheet
      open={showing}
      onClose={close}
      title={t.push.offerTitle}
      actions={{ secondary: { text: t.push.notNowButton, onClick: close }, primary: { text: t.push.turnOn, busy, onClick: () => void turnOn() } }}
    >
      <p>{t.push.offerBody}</p>
    </Sheet>
  );
}
