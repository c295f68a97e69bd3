import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { navigate } from '../../router';
import { TIME_ZONE } from '../../time';
import { Button, Field, fieldError, Page, Problem, useToast } from '../../ui';
import { useActivities, useVenues } from './queries';
import { bodyOf, EMPTY, rules, type Draft } from './draft';
import './series.css';
import { seriesKeys } from '../../api/queries/series';

const DURATIONS = [60, 90, 120, 180];
const INTERVALS = [1, 2, 3, 4];
const OPEN_DAYS = [1, 2, 3, 5, 7, 10, 14, 21, 28];

/** The draft's fields a form control edits as text (the weekdays and the organiser box have their own). */
type TextField = Exclude<keyof Draft, 'weekdays' | 'joinAsOrganizer'>;
type Option = { id: string | number; name: string };

/** A series: the game every date copies, and the rule that makes its dates. */
export function NewSeriesPage() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const client = useQueryClient();
  const say = useToast();
  const activities = useActivities();
  const levels = activities.data?.content.find((item) => item.id === draft.activityId)?.skillLevels ?? [];
  const venues = useVenues(draft.activityId);
  const save = useMutation({
    mutationFn: () => data(api.POST('/api/v1/series', { body: bodyOf(draft) })),
    onSuccess: async (series) => {
      await client.invalidateQueries({ queryKey: seriesKeys.all });
      say(t.series.created, 'success');
      navigate(`/series/${series.id}`);
    },
  });
  const problems = rules(draft, levels);
  const apiField: Partial<Record<keyof Draft, string>> = { count: 'occurrenceCount', endDate: 'endsOn' };
  const shown = (name: keyof Draft) => (touched.has(name) || touched.has('*') ? problems[name] : undefined) ?? fieldError(save.error, apiField[name] ?? name);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    const next = { ...draft, [name]: value };
    if (name === 'activityId') Object.assign(next, { venueId: '', skillLevelFromId: '', skillLevelToId: '' });
    setDraft(next);
    setTouched(new Set(touched).add(name));
  };
  const attrs = (name: TextField) => ({
    id: `series-${name}`,
    value: draft[name],
    'aria-invalid': !!shown(name),
    'aria-describedby': shown(name) ? `series-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const control = (name: keyof Draft, label: string, element: ReactNode, hint?: string) => (
    <Field label={label} id={`series-${name}`} error={shown(name)} hint={hint}>
      {element}
    </Field>
  );
  const options = (items: Option[], blank?: string) => (
    <>
      {blank !== undefined && <option value="">{blank}</option>}
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
  const choice = (name: TextField, label: string, items: Option[], hint?: string) =>
    control(name, label, <select {...attrs(name)}>{options(items)}</select>, hint);
  const toggleDay = (day: number) =>
    set('weekdays', draft.weekdays.includes(day) ? draft.weekdays.filter((other) => other !== day) : [...draft.weekdays, day].sort((a, b) => a - b));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['*']));
    if (Object.keys(problems).length === 0) save.mutate();
  };
  const levelOptions = options(levels, t.series.choose);
  return (
    <Page title={t.series.createTitle}>
      <form className="form" noValidate onSubmit={submit}>
        {control('activityId', t.series.activity, <select {...attrs('activityId')}>{options(activities.data?.content ?? [], t.series.choose)}</select>)}
        {control(
          'venueId',
          t.series.venue,
          <select {...attrs('venueId')} disabled={!draft.activityId}>
            {options(venues.data?.content ?? [], draft.activityId ? t.series.choose : t.series.chooseActivityFirst)}
          </select>,
        )}
        <div className="row">
          {control('skillLevelFromId', t.series.lowestLevel, <select {...attrs('skillLevelFromId')}>{levelOptions}</select>)}
          {control('skillLevelToId', t.series.highestLevel, <select {...attrs('skillLevelToId')}>{levelOptions}</select>)}
        </div>
        {control('title', t.series.title, <input {...attrs('title')} maxLength={200} />)}
        <fieldset className="series-weekdays" aria-describedby={shown('weekdays') ? 'series-weekdays-error' : undefined}>
          <legend>{t.series.weekdays}</legend>
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <label key={day}>
              <input type="checkbox" checked={draft.weekdays.includes(day)} onChange={() => toggleDay(day)} />
              <abbr title={t.series.dayName(day)}>{t.series.dayShort(day)}</abbr>
            </label>
          ))}
          {shown('weekdays') && (
            <small id="series-weekdays-error" className="field-error" role="alert">
              {shown('weekdays')}
            </small>
          )}
        </fieldset>
        <div className="row">
          {control('startTime', t.series.startTime, <input type="time" {...attrs('startTime')} />, t.series.timeHint(TIME_ZONE))}
          {choice(
            'durationMinutes',
            t.series.duration,
            DURATIONS.map((n) => ({ id: n, name: t.series.minutes(n) })),
          )}
          {choice(
            'intervalWeeks',
            t.series.every,
            INTERVALS.map((n) => ({ id: n, name: t.series.everyWeeks(n) })),
          )}
        </div>
        <div className="row">
          {control('startsOn', t.series.startsOn, <input type="date" {...attrs('startsOn')} />)}
          {choice('ends', t.series.ends, [
            { id: 'count', name: t.series.endsAfter },
            { id: 'date', name: t.series.endsOn },
          ])}
          {draft.ends === 'count'
            ? control('count', t.series.count, <input type="number" min={1} {...attrs('count')} />)
            : control('endDate', t.series.endDate, <input type="date" {...attrs('endDate')} />)}
        </div>
        {choice(
          'openDaysAhead',
          t.series.openDaysAhead,
          OPEN_DAYS.map((n) => ({ id: n, name: t.series.daysBefore(n) })),
          t.series.openDaysHint,
        )}
        <div className="row">
          {control('slots', t.series.slots, <input type="number" min={1} max={100} {...attrs('slots')} />)}
          {control('price', t.series.price, <input inputMode="decimal" {...attrs('price')} />)}
          {control('currency', t.series.currency, <input maxLength={3} {...attrs('currency')} />)}
        </div>
        <div className="row">
          {choice('gameType', t.series.format, [
            { id: 'DOUBLE', name: t.series.doubles },
            { id: 'SINGLE', name: t.series.singles },
          ])}
          {choice('visibility', t.series.visibility, [
            { id: 'PUBLIC', name: t.series.public },
            { id: 'PRIVATE', name: t.series.private },
          ])}
          {choice('joinPolicy', t.series.joinPolicy, [
            { id: 'OPEN', name: t.series.joinOpen },
            { id: 'APPROVAL', name: t.series.joinApproval },
          ])}
        </div>
        <label className="series-check">
          <input type="checkbox" checked={draft.joinAsOrganizer} onChange={(event) => set('joinAsOrganizer', event.target.checked)} />
          {t.series.joinAsOrganizer}
        </label>
        <Problem error={save.error} />
        <Button type="submit" variant="primary" busy={save.isPending}>
          {save.isPending ? t.series.creating : t.series.create}
        </Button>
      </form>
    </Page>
  );
}
