/** Admin: activities and their skill ladders — add an activity, rename one, and edit its ladder. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { Field, Loading, Problem } from '../ui';
import { useActivities } from './find/queries';

type Activity = NonNullable<ReturnType<typeof useActivities>['data']>['content'][number];

/** What the service would refuse, said while typing: blank names and names used twice (it compares them case-blind). */
function ladderErrors(names: string[]): (string | undefined)[] {
  const seen = new Map<string, number>();
  return names.map((name, index) => {
    const key = name.trim().toLowerCase();
    if (!key) return 'Give this level a name.';
    const first = seen.get(key);
    if (first !== undefined) return `Level ${index + 1} has the same name as level ${first + 1}.`;
    seen.set(key, index);
    return undefined;
  });
}

export function Activities() {
  const activities = useActivities();
  const [editing, setEditing] = useState<string | undefined>();
  return (
    <>
      {activities.isPending && <Loading />}
      <Problem error={activities.error} retry={() => void activities.refetch()} />
      <ul className="plain ladders">
        {activities.data?.content.map((activity) => (
          <li key={activity.id}>
            {editing === activity.id ? (
              <LadderEditor activity={activity} close={() => setEditing(undefined)} />
            ) : (
              <>
                <strong>{activity.name}</strong>: {activity.skillLevels.map((level) => level.name).join(' → ') || 'no ladder'}{' '}
                <button type="button" className="link" onClick={() => setEditing(activity.id)}>
                  Edit {activity.name}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <AddActivity />
    </>
  );
}

function LadderEditor({ activity, close }: { activity: Activity; close: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState(activity.name);
  const [levels, setLevels] = useState(() => activity.skillLevels.map((level) => level.name));
  const errors = ladderErrors(levels);
  const nameError = name.trim() ? undefined : 'Give the activity a name.';
  const save = useMutation({
    mutationFn: async () => {
      const path = { params: { path: { id: activity.id } } };
      if (name.trim() !== activity.name) await data(api.PUT('/api/v1/admin/activities/{id}', { ...path, body: { name: name.trim() } }));
      await data(
        api.PUT('/api/v1/admin/activities/{id}/skill-levels', {
          ...path,
          body: { skillLevels: levels.map((level, index) => ({ name: level.trim(), sortOrder: index + 1 })) },
        }),
      );
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['activities'] });
      close();
    },
  });
  const change = (index: number, value: string) => setLevels(levels.map((level, at) => (at === index ? value : level)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...levels];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setLevels(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nameError && errors.every((error) => !error)) save.mutate();
  };
  return (
    <form className="form ladder" onSubmit={submit} aria-label={`Edit ${activity.name}`}>
      <Field label="Activity name" id={`name-${activity.id}`} error={nameError}>
        <input id={`name-${activity.id}`} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!nameError} />
      </Field>
      <fieldset>
        <legend>Skill ladder, lowest first</legend>
        <p className="muted">
          A level keeps its place in existing games while its name stays; a removed level stays on the games that use it but cannot be chosen again.
        </p>
        <ol className="plain">
          {levels.map((level, index) => (
            <li key={index} className="ladder-row">
              <Field label={`Level ${index + 1}`} id={`level-${activity.id}-${index}`} error={errors[index]}>
                <input id={`level-${activity.id}-${index}`} value={level} onChange={(e) => change(index, e.target.value)} aria-invalid={!!errors[index]} />
              </Field>
              <span className="row">
                <button type="button" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move level ${index + 1} up`}>
                  ↑
                </button>
                <button type="button" disabled={index === levels.length - 1} onClick={() => move(index, 1)} aria-label={`Move level ${index + 1} down`}>
                  ↓
                </button>
                <button type="button" onClick={() => setLevels(levels.filter((_, at) => at !== index))} aria-label={`Remove level ${index + 1}`}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
        <button type="button" onClick={() => setLevels([...levels, ''])} disabled={levels.length >= 50}>
          Add a level
        </button>
      </fieldset>
      <Problem error={save.error} />
      <span className="row">
        <button type="submit" className="primary" disabled={save.isPending}>
          Save {activity.name}
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </span>
    </form>
  );
}

function AddActivity() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [ladder, setLadder] = useState('Beginner, Intermediate, Advanced');
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/v1/admin/activities', {
          body: {
            name,
            skillLevels: ladder
              .split(',')
              .map((level, index) => ({ name: level.trim(), sortOrder: index + 1 }))
              .filter((level) => level.name),
          },
        }),
      ),
    onSuccess: async () => {
      setName('');
      await client.invalidateQueries({ queryKey: ['activities'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <h2>Add an activity</h2>
      <form className="form" onSubmit={submit}>
        <Field label="Name" id="activity-name">
          <input id="activity-name" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label="Skill ladder, lowest first, separated by commas" id="activity-ladder">
          <input id="activity-ladder" value={ladder} onChange={(e) => setLadder(e.target.value)} />
        </Field>
        <Problem error={create.error} />
        <button type="submit" disabled={create.isPending}>
          Add activity
        </button>
      </form>
    </>
  );
}
