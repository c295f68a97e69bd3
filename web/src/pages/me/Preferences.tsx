import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notificationGameQuery } from '../../api/queries/notifications';
import { t } from '../../i18n';
import { Link } from '../../router';
import { Button, Card, EmptyState, Field, fieldError, Page, Problem, Section, useToast, Waiting } from '../../ui';
import { BrowserPushSetting } from '../../push/BrowserPushSetting';
import { useMutePreferences, usePreferences, useSavePreferences } from './preferences';
import './me.css';

type Channel = 'inApp' | 'push';

function QuietHours({ initial, zone }: { initial: { start: string; end: string } | null; zone: string }) {
  const save = useSavePreferences();
  const say = useToast();
  const [on, setOn] = useState(!!initial);
  const [start, setStart] = useState(initial?.start ?? '22:00');
  const [end, setEnd] = useState(initial?.end ?? '08:00');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ quietHours: on ? { start, end } : null }, { onSuccess: () => say(t.common.saved, 'success') });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">{t.me.quietHint(zone)}</p>
      <label>
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} /> {t.me.quietOn}
      </label>
      {on && (
        <div className="row">
          <Field label={t.me.quietStart} id="quiet-start" error={fieldError(save.error, 'quietHours')}>
            <input id="quiet-start" type="time" value={start} onChange={(event) => setStart(event.target.value)} />
          </Field>
          <Field label={t.me.quietEnd} id="quiet-end">
            <input id="quiet-end" type="time" value={end} onChange={(event) => setEnd(event.target.value)} />
          </Field>
        </div>
      )}
      <Problem error={save.error} />
      <Button type="submit" variant="primary" busy={save.isPending}>
        {t.common.save}
      </Button>
    </form>
  );
}

/** A muted game; its unmute is the page's, which stays mounted when the row goes at once (the change shows before it is saved). */
function MutedGame({ id, unmute, busy }: { id: string; unmute: (id: string) => void; busy: boolean }) {
  const game = useQuery(notificationGameQuery(id));
  const title = game.data ? (game.data.title ?? t.me.gameTitle(game.data.activity.name, game.data.venue.name)) : t.me.unknownGame;
  return (
    <Card as="li" className="me-game">
      <div className="me-game-head">
        {game.data ? <Link to={`/games/${id}`}>{title}</Link> : <span>{title}</span>}
        <Button variant="ghost" busy={busy} onClick={() => unmute(id)}>
          {t.me.unmute(title)}
        </Button>
      </div>
    </Card>
  );
}

export function PreferencesPage() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  const mute = useMutePreferences();
  const say = useToast();
  if (!preferences.data) return <Waiting query={preferences} title={t.me.preferences} />;
  const { types, quietHours, timeZone, mutedGameIds, pushOnly } = preferences.data;
  const channelsOf = (type: string): Channel[] => ((pushOnly as string[]).includes(type) ? ['push'] : ['inApp', 'push']);
  const toggle = (type: string, channel: Channel, value: boolean) => save.mutate({ types: { [type]: { [channel]: value } } });
  const unmute = (id: string) => mute.mutate({ remove: id }, { onSuccess: () => say(t.me.unmuted, 'success') });
  return (
    <Page title={t.me.preferences}>
      <Problem error={save.error ?? mute.error} />
      <Section title={t.push.heading}>
        <BrowserPushSetting />
      </Section>
      <Section title={t.me.typesHeading}>
        <ul className="me-toggles">
          {Object.entries(types).map(([type, channels]) => {
            const name = t.me.types[type] ?? type;
            return (
              <li key={type} className="me-toggle">
                <span>{name}</span>
                {channelsOf(type).map((channel) => (
                  <label key={channel}>
                    <input
                      type="checkbox"
                      checked={channels[channel]}
                      aria-label={t.me.channelLabel(name, channel === 'inApp' ? t.me.inApp : t.me.push)}
                      onChange={(event) => toggle(type, channel, event.target.checked)}
                    />
                    <span aria-hidden="true">{channel === 'inApp' ? t.me.inApp : t.me.push}</span>
                  </label>
                ))}
              </li>
            );
          })}
        </ul>
        {pushOnly.length > 0 && <p className="muted">{t.me.chatPushHint}</p>}
      </Section>
      <Section title={t.me.quietHeading}>
        <QuietHours initial={quietHours} zone={timeZone} />
      </Section>
      <Section title={t.me.mutedHeading}>
        {mutedGameIds.length === 0 ? (
          <EmptyState title={t.me.noMuted} />
        ) : (
          <ul className="me-list" aria-label={t.me.mutedHeading}>
            {mutedGameIds.map((id) => (
              <MutedGame key={id} id={id} unmute={unmute} busy={mute.isPending && mute.variables.remove === id} />
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
