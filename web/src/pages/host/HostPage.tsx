import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { venuesQuery } from '../../api/queries/catalogue';
import { gameQuery } from '../../api/queries/games';
import { t } from '../../i18n';
import { Link, navigate } from '../../router';
import { TIME_ZONE } from '../../time';
import { Button, Field, fieldError, Page, Problem, Waiting } from '../../ui';
import { apiField, createBody, EMPTY, fromGame, rules, updateBody, useActivities, type Draft, type DraftField } from './draft';
import type { Controls } from './controls';
import { MoreOptions } from './MoreOptions';
import './host.css';

/** Host a new game, or edit one (`id`). */
export function HostPage({ id }: { id?: string }) {
  const existing = useQuery({ ...gameQuery(id ?? ''), enabled: !!id });
  if (id && !existing.isSuccess) return <Waiting query={existing} title={t.host.editTitle} />;
  return <HostForm id={id} initial={existing.data ? fromGame(existing.data) : EMPTY} />;
}

function HostForm({ id, initial }: { id?: string; initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const client = useQueryClient();
  const activities = useActivities();
  const activity = activities.data?.content.find((item) => item.id === draft.activityId);
  const levels = activity?.skillLevels ?? [];
  const venues = useQuery({ ...venuesQuery(draft.activityId), enabled: !!draft.activityId });
  const save = useMutation({
    mutationFn: () =>
      id
        ? data(api.PUT('/api/v1/games/{id}', { params: { path: { id } }, body: updateBody(draft) }))
        : data(api.POST('/api/v1/games', { body: createBody(draft) })),
    onSuccess: async (game) => {
      await client.invalidateQueries();
      navigate(`/games/${game.id}`);
    },
  });
  const problems = rules(draft, levels);
  const shown = (name: DraftField) => (touched.has(name) || touched.has('*') ? problems[name] : undefined) ?? fieldError(save.error, apiField(name));
  const set = (name: keyof Draft, value: string | boolean) => {
    const next = { ...draft, [name]: value };
    if (name === 'activityId') Object.assign(next, { venueId: '', skillLevelFromId: '', skillLevelToId: '' });
    setDraft(next);
    setTouched(new Set(touched).add(name));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['*']));
    if (Object.keys(problems).length === 0) save.mutate();
    else document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
  const control: Controls['control'] = (name, label, element, hint) => (
    <Field label={label} id={`game-${name}`} error={shown(name)} hint={hint}>
      {element}
    </Field>
  );
  const attrs: Controls['attrs'] = (name) => {
    const described = [shown(name) && `game-${name}-error`, hintOf[name] && `game-${name}-hint`].filter(Boolean).join(' ');
    return {
      id: `game-${name}`,
      value: draft[name],
      'aria-invalid': !!shown(name),
      'aria-describedby': described || undefined,
      onChange: (event) => set(name, event.target.value),
    };
  };
  const f = t.host.form;
  const levelOptions = levels.map((level) => (
    <option key={level.id} value={level.id}>
      {level.name}
    </option>
  ));
  return (
    <Page title={id ? t.host.editTitle : t.host.hostTitle}>
      {!id && (
        <p>
          {t.host.everyWeek} <Link to="/series/new">{t.host.createSeries}</Link>
        </p>
      )}
      <form className="form host-form" noValidate onSubmit={submit}>
        {control(
          'activityId',
          f.activity,
          <select {...attrs('activityId')} disabled={!!id}>
            <option value="">{t.host.choose}</option>
            {activities.data?.content.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>,
        )}
        {control(
          'venueId',
          f.venue,
          <select {...attrs('venueId')} disabled={!draft.activityId}>
            <option value="">{draft.activityId ? t.host.choose : t.host.chooseActivityFirst}</option>
            {venues.data?.content.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name} — {venue.address}
              </option>
            ))}
          </select>,
        )}
        <div className="row">
          {control(
            'skillLevelFromId',
            f.lowest,
            <select {...attrs('skillLevelFromId')} disabled={!levels.length}>
              <option value="">{t.host.choose}</option>
              {levelOptions}
            </select>,
          )}
          {control(
            'skillLevelToId',
            f.highest,
            <select {...attrs('skillLevelToId')} disabled={!levels.length}>
              <option value="">{t.host.choose}</option>
              {levelOptions}
            </select>,
          )}
        </div>
        <div className="row">
          {control('start', f.starts, <input type="datetime-local" {...attrs('start')} />, f.zone(TIME_ZONE))}
          {control('end', f.ends, <input type="datetime-local" {...attrs('end')} />)}
        </div>
        <div className="row">
          {control('slots', f.slots, <input type="number" inputMode="numeric" min={1} max={100} {...attrs('slots')} />)}
          {control('price', f.price, <input inputMode="decimal" {...attrs('price')} />)}
          {control('currency', f.currency, <input maxLength={3} autoCapitalize="characters" {...attrs('currency')} />)}
        </div>
        {control('title', f.title, <input {...attrs('title')} maxLength={200} />)}
        <div className="row">
          {control(
            'gameType',
            f.format,
            <select {...attrs('gameType')}>
              <option value="DOUBLE">{f.doubles}</option>
              <option value="SINGLE">{f.singles}</option>
            </select>,
          )}
          {control(
            'visibility',
            f.visibility,
            <select {...attrs('visibility')} disabled={!!id}>
              <option value="PUBLIC">{f.public}</option>
              <option value="PRIVATE">{f.private}</option>
            </select>,
          )}
        </div>
        {control('description', f.description, <textarea {...attrs('description')} maxLength={5000} rows={3} />)}
        <MoreOptions controls={{ draft, set, control, attrs }} />
        <Problem error={save.error} />
        <Button type="submit" variant="primary" busy={save.isPending}>
          {save.isPending ? t.host.saving : id ? t.host.submitEdit : t.host.submitNew}
        </Button>
      </form>
    </Page>
  );
}

/** Fields with a hint under them (their input names it in aria-describedby). */
const hintOf: Partial<Record<DraftField, true>> = {
  start: true,
  minPlayers: true,
  decisionHoursBefore: true,
  joinPolicy: true,
  offLevelPolicy: true,
  maxGuestsPerPlayer: true,
  waitlistMode: true,
  maxRecentNoShows: true,
};
