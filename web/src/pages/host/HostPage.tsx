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
import type { Choice, Controls } from './controls';
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
  const choice: Controls['choice'] = (name, label, choices, { hint, blank, disabled } = {}) =>
    control(
      name,
      label,
      <select {...attrs(name)} disabled={disabled}>
        {blank !== undefined && <option value="">{blank}</option>}
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>,
      hint,
    );
  const f = t.host.form;
  const levelChoices = levels.map((level): Choice => [level.id, level.name]);
  return (
    <Page title={id ? t.host.editTitle : t.host.hostTitle}>
      {!id && (
        <p>
          {t.host.everyWeek} <Link to="/series/new">{t.host.createSeries}</Link>
        </p>
      )}
      <form className="form host-form" noValidate onSubmit={submit}>
        {choice('activityId', f.activity, activities.data?.content.map((item): Choice => [item.id, item.name]) ?? [], { blank: t.host.choose, disabled: !!id })}
        {choice('venueId', f.venue, venues.data?.content.map((venue): Choice => [venue.id, `${venue.name} — ${venue.address}`]) ?? [], {
          blank: draft.activityId ? t.host.choose : t.host.chooseActivityFirst,
          disabled: !draft.activityId,
        })}
        <div className="row">
          {choice('skillLevelFromId', f.lowest, levelChoices, { blank: t.host.choose, disabled: !levels.length })}
          {choice('skillLevelToId', f.highest, levelChoices, { blank: t.host.choose, disabled: !levels.length })}
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
          {choice('gameType', f.format, [
            ['DOUBLE', f.doubles],
            ['SINGLE', f.singles],
          ])}
          {choice(
            'visibility',
            f.visibility,
            [
              ['PUBLIC', f.public],
              ['PRIVATE', f.private],
            ],
            { disabled: !!id },
          )}
        </div>
        {control('description', f.description, <textarea {...attrs('description')} maxLength={5000} rows={3} />)}
        <MoreOptions controls={{ draft, set, control, choice, attrs }} />
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
