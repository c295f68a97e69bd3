import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { navigate } from '../router';
import { isoToZoned, TIME_ZONE, zonedToIso } from '../time';
import { Field, fieldError, Loading, Page, Problem } from '../ui';
import { useActivities } from './find/queries';

interface Draft {
  activityId: string;
  venueId: string;
  skillLevelFromId: string;
  skillLevelToId: string;
  title: string;
  description: string;
  price: string;
  currency: string;
  slots: string;
  start: string;
  end: string;
  gameType: 'SINGLE' | 'DOUBLE';
  visibility: 'PUBLIC' | 'PRIVATE';
}

/** The two ends of a game's skill range, chosen from the same ladder. */
const LEVEL_BOUNDS = [
  ['skillLevelFromId', 'Lowest level'],
  ['skillLevelToId', 'Highest level'],
] as const;

const EMPTY: Draft = {
  activityId: '',
  venueId: '',
  skillLevelFromId: '',
  skillLevelToId: '',
  title: '',
  description: '',
  price: '0',
  currency: 'SGD',
  slots: '4',
  start: '',
  end: '',
  gameType: 'DOUBLE',
  visibility: 'PUBLIC',
};

/** The service's rules, checked as the host types (the service checks them again). */
function rules(draft: Draft, levels: { id: string; sortOrder: number }[]): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (!draft.activityId) problems.activityId = 'Choose an activity.';
  if (!draft.venueId) problems.venueId = 'Choose a venue where this activity is played.';
  const from = levels.find((level) => level.id === draft.skillLevelFromId);
  const to = levels.find((level) => level.id === draft.skillLevelToId);
  if (!from || !to) problems.skillLevelToId = 'Choose the lowest and highest level.';
  else if (from.sortOrder > to.sortOrder) problems.skillLevelToId = 'The highest level must not be below the lowest.';
  if (!/^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/.test(draft.price)) problems.price = 'Price must be a number with at most 2 decimal places, like 8.50.';
  if (!/^[A-Z]{3}$/.test(draft.currency)) problems.currency = 'Currency is a three-letter code such as SGD.';
  const slots = Number(draft.slots);
  if (!Number.isInteger(slots) || slots < 1 || slots > 100) problems.slots = 'Slots must be a whole number from 1 to 100.';
  if (!draft.start) problems.start = 'Choose when the game starts.';
  else if (new Date(zonedToIso(draft.start)).getTime() <= Date.now()) problems.start = 'The start must be in the future.';
  if (!draft.end) problems.end = 'Choose when the game ends.';
  else if (draft.start && draft.end <= draft.start) problems.end = 'The end must be after the start.';
  return problems;
}

/** Host a new game, or edit one (`id`). */
export function HostPage({ id }: { id?: string }) {
  const existing = useQuery({ queryKey: ['game', id], queryFn: () => data(api.GET('/api/v1/games/{id}', { params: { path: { id: id! } } })), enabled: !!id });
  if (id && existing.isPending)
    return (
      <Page title="Edit game">
        <Loading />
      </Page>
    );
  if (id && existing.isError)
    return (
      <Page title="Edit game">
        <Problem error={existing.error} />
      </Page>
    );
  const g = existing.data;
  const initial: Draft = g
    ? {
        activityId: g.activity.id,
        venueId: g.venue.id,
        skillLevelFromId: g.skillLevel.from.id,
        skillLevelToId: g.skillLevel.to.id,
        title: g.title ?? '',
        description: g.description ?? '',
        price: g.price.replace(/\.00$/, ''),
        currency: g.currency,
        slots: String(g.slots),
        start: isoToZoned(g.startTime),
        end: isoToZoned(g.endTime),
        gameType: g.gameType,
        visibility: g.visibility,
      }
    : EMPTY;
  return <HostForm id={id} initial={initial} />;
}

function HostForm({ id, initial }: { id?: string; initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const client = useQueryClient();
  const activities = useActivities();
  const activity = activities.data?.content.find((item) => item.id === draft.activityId);
  const levels = activity?.skillLevels ?? [];
  const venues = useQuery({
    queryKey: ['venues', draft.activityId],
    queryFn: () => data(api.GET('/api/v1/venues', { params: { query: { size: 100, activityId: draft.activityId } } })),
    enabled: !!draft.activityId,
  });
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        activityId: draft.activityId,
        venueId: draft.venueId,
        skillLevelFromId: draft.skillLevelFromId,
        skillLevelToId: draft.skillLevelToId,
        ...(draft.title ? { title: draft.title } : {}),
        ...(draft.description ? { description: draft.description } : {}),
        price: draft.price,
        currency: draft.currency,
        slots: Number(draft.slots),
        startTime: zonedToIso(draft.start),
        endTime: zonedToIso(draft.end),
        gameType: draft.gameType,
        visibility: draft.visibility,
      };
      if (id) return data(api.PUT('/api/v1/games/{id}', { params: { path: { id } }, body }));
      return data(api.POST('/api/v1/games', { body: { ...body, joinAsOrganizer: true } }));
    },
    onSuccess: async (game) => {
      await client.invalidateQueries();
      navigate(`/games/${game.id}`);
    },
  });
  const problems = rules(draft, levels);
  const shown = (name: keyof Draft) =>
    (touched.has(name) || touched.has('*') ? problems[name] : undefined) ??
    fieldError(save.error, name === 'start' ? 'startTime' : name === 'end' ? 'endTime' : name);
  const set = (name: keyof Draft, value: string) => {
    const next = { ...draft, [name]: value };
    if (name === 'activityId') Object.assign(next, { venueId: '', skillLevelFromId: '', skillLevelToId: '' });
    setDraft(next);
    setTouched(new Set(touched).add(name));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['*']));
    if (Object.keys(problems).length === 0) save.mutate();
  };
  const control = (name: keyof Draft, label: string, element: ReactNode, hint?: string) => (
    <Field label={label} id={`game-${name}`} error={shown(name)} hint={hint}>
      {element}
    </Field>
  );
  const attrs = (name: keyof Draft) => ({
    id: `game-${name}`,
    value: draft[name],
    'aria-invalid': !!shown(name),
    'aria-describedby': shown(name) ? `game-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const levelOptions = levels.map((level) => (
    <option key={level.id} value={level.id}>
      {level.name}
    </option>
  ));
  return (
    <Page title={id ? 'Edit game' : 'Host a game'}>
      <form className="form" noValidate onSubmit={submit}>
        {control(
          'activityId',
          'Activity',
          <select {...attrs('activityId')} disabled={!!id}>
            <option value="">Choose…</option>
            {activities.data?.content.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>,
        )}
        {control(
          'venueId',
          'Venue',
          <select {...attrs('venueId')} disabled={!draft.activityId}>
            <option value="">{draft.activityId ? 'Choose…' : 'Choose an activity first'}</option>
            {venues.data?.content.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name} — {venue.address}
              </option>
            ))}
          </select>,
        )}
        <div className="row">
          {LEVEL_BOUNDS.map(([name, label]) => (
            <Fragment key={name}>
              {control(
                name,
                label,
                <select {...attrs(name)} disabled={!levels.length}>
                  <option value="">Choose…</option>
                  {levelOptions}
                </select>,
              )}
            </Fragment>
          ))}
        </div>
        {control('title', 'Title (optional)', <input {...attrs('title')} maxLength={200} />)}
        {control('description', 'Description (optional)', <textarea {...attrs('description')} maxLength={5000} rows={3} />)}
        <div className="row">
          {control('start', 'Starts', <input type="datetime-local" {...attrs('start')} />, `Time in ${TIME_ZONE}`)}
          {control('end', 'Ends', <input type="datetime-local" {...attrs('end')} />)}
        </div>
        <div className="row">
          {control('slots', 'Slots', <input type="number" min={1} max={100} {...attrs('slots')} />)}
          {control('price', 'Price', <input inputMode="decimal" {...attrs('price')} />)}
          {control('currency', 'Currency', <input maxLength={3} {...attrs('currency')} />)}
        </div>
        <div className="row">
          {control(
            'gameType',
            'Format',
            <select {...attrs('gameType')}>
              <option value="DOUBLE">Doubles</option>
              <option value="SINGLE">Singles</option>
            </select>,
          )}
          {control(
            'visibility',
            'Who can find it',
            <select {...attrs('visibility')}>
              <option value="PUBLIC">Everyone (public)</option>
              <option value="PRIVATE">Only people with the link (private)</option>
            </select>,
          )}
        </div>
        <Problem error={save.error} />
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : id ? 'Save changes' : 'Host this game'}
        </button>
      </form>
    </Page>
  );
}
