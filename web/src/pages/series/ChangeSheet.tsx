import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { formatDateTime, formatTime } from '../../time';
import { Field, fieldError, FormSheet, useToast } from '../../ui';
import type { Occurrence, Series, useGames } from './queries';
import { gameKeys } from '../../api/queries/games';
import { seriesKeys } from '../../api/queries/series';

type Game = NonNullable<ReturnType<typeof useGames>[number]['data']>;
type Scope = 'THIS' | 'FOLLOWING';
const FIELDS = ['title', 'startTime', 'durationMinutes', 'slots', 'price'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** What the date has now: its own game's values once open, else the series'. */
function current(series: Series, game?: Game): Values {
  if (!game)
    return {
      title: series.title ?? '',
      startTime: series.startTime,
      durationMinutes: String(series.durationMinutes),
      slots: String(series.slots),
      price: series.price,
    };
  const minutes = Math.round((Date.parse(game.endTime) - Date.parse(game.startTime)) / 60_000);
  return { title: game.title ?? '', startTime: formatTime(game.startTime), durationMinutes: String(minutes), slots: String(game.slots), price: game.price };
}

/** Change one date, or this and the following ones: the fields, and which dates, each explained. */
export function ChangeSheet({ series, date, game, onClose }: { series: Series; date: Occurrence; game?: Game; onClose: () => void }) {
  const initial = current(series, game);
  const [values, setValues] = useState(initial);
  const opened = date.state === 'OPENED';
  const [scope, setScope] = useState<Scope>(opened ? 'THIS' : 'FOLLOWING');
  const client = useQueryClient();
  const say = useToast();
  const save = useMutation({
    mutationFn: () => {
      const changed = Object.fromEntries(FIELDS.filter((name) => values[name] !== initial[name]).map((name) => [name, values[name]]));
      const body = {
        scope,
        ...(changed.title !== undefined && { title: changed.title.trim() || null }),
        ...(changed.startTime !== undefined && { startTime: changed.startTime }),
        ...(changed.durationMinutes !== undefined && { durationMinutes: Number(changed.durationMinutes) }),
        ...(changed.slots !== undefined && { slots: Number(changed.slots) }),
        ...(changed.price !== undefined && { price: changed.price }),
      };
      return data(api.PUT('/api/v1/series/{id}/occurrences/{date}', { params: { path: { id: series.id, date: date.date } }, body }));
    },
    onSuccess: async (result) => {
      const refused = result.games.filter((one) => !one.updated);
      say(result.games.length ? t.series.changed(result.games.length - refused.length) : t.series.changedSeries, 'success');
      if (refused.length) say(t.series.notChanged(refused.map((one) => one.date).join(', ')), 'warning');
      await Promise.all([client.invalidateQueries({ queryKey: seriesKeys.detail(series.id) }), client.invalidateQueries({ queryKey: gameKeys.all })]);
      onClose();
    },
  });
  const submit = () => {
    if (FIELDS.every((name) => values[name] === initial[name])) return t.series.nothingToChange;
    save.mutate();
  };
  const input = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => {
    const error = fieldError(save.error, name);
    return (
      <Field label={label} id={`change-${name}`} error={error}>
        <input
          id={`change-${name}`}
          value={values[name]}
          aria-invalid={!!error}
          aria-describedby={error ? `change-${name}-error` : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          {...extra}
        />
      </Field>
    );
  };
  const when = formatDateTime(game?.startTime ?? date.startTime);
  return (
    <FormSheet title={t.series.changeTitle(when)} submitText={t.series.saveChange} sending={save} onSubmit={submit} onClose={onClose}>
      {input('title', t.series.title, { maxLength: 200 })}
      <div className="row">
        {input('startTime', t.series.startTime, { type: 'time' })}
        {input('durationMinutes', t.series.durationMinutes, { type: 'number', min: 15, max: 1440 })}
      </div>
      <div className="row">
        {input('slots', t.series.slots, { type: 'number', min: 1, max: 100 })}
        {input('price', t.series.price, { inputMode: 'decimal' })}
      </div>
      <fieldset className="series-scope">
        <legend>{t.series.scope}</legend>
        <label>
          <input type="radio" name="scope" value="THIS" checked={scope === 'THIS'} disabled={!opened} onChange={() => setScope('THIS')} />
          <span>
            {t.series.scopeThis}
            <small className="muted">{opened ? t.series.scopeThisHint : t.series.scopeThisClosed}</small>
          </span>
        </label>
        <label>
          <input type="radio" name="scope" value="FOLLOWING" checked={scope === 'FOLLOWING'} onChange={() => setScope('FOLLOWING')} />
          <span>
            {t.series.scopeFollowing}
            <small className="muted">{t.series.scopeFollowingHint}</small>
          </span>
        </label>
      </fieldset>
    </FormSheet>
  );
}
