/** An activity's name and skill ladder, edited in place: the service's rules (no blank or repeated level) said while typing. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { activityKeys } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Button, Field, useToast } from '../../ui';
import { AdminFormEnd } from './Admin';

const s = t.admin.activities;

export interface AdminActivity {
  id: string;
  name: string;
  skillLevels: { id: string; name: string; sortOrder: number }[];
}

/** What the service would refuse: blank names and names used twice (it compares them case-blind). */
function ladderErrors(names: string[]): (string | undefined)[] {
  const seen = new Map<string, number>();
  return names.map((name, index) => {
    const key = name.trim().toLowerCase();
    if (!key) return s.levelMissing;
    const first = seen.get(key);
    if (first !== undefined) return s.levelTwice(index + 1, first + 1);
    seen.set(key, index);
    return undefined;
  });
}

export function LadderEditor({ activity, close }: { activity: AdminActivity; close: () => void }) {
  const client = useQueryClient();
  const say = useToast();
  const [name, setName] = useState(activity.name);
  const [levels, setLevels] = useState(() => activity.skillLevels.map((level) => level.name));
  const errors = ladderErrors(levels);
  const nameError = name.trim() ? undefined : s.nameMissing;
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
      say(s.saved(name.trim()), 'success');
      await client.invalidateQueries({ queryKey: activityKeys.all });
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
    <form className="form ladder" onSubmit={submit} aria-label={s.editForm(activity.name)}>
      <Field label={s.name} id={`name-${activity.id}`} error={nameError}>
        <input id={`name-${activity.id}`} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!nameError} />
      </Field>
      <fieldset>
        <legend>{s.ladder}</legend>
        <p className="muted">{s.ladderNote}</p>
        <ol className="plain">
          {levels.map((level, index) => (
            <li key={index} className="ladder-row">
              <Field label={s.level(index + 1)} id={`level-${activity.id}-${index}`} error={errors[index]}>
                <input id={`level-${activity.id}-${index}`} value={level} onChange={(e) => change(index, e.target.value)} aria-invalid={!!errors[index]} />
              </Field>
              <span className="admin-actions">
                <Button variant="ghost" disabled={index === 0} onClick={() => move(index, -1)} aria-label={s.up(index + 1)}>
                  ↑
                </Button>
                <Button variant="ghost" disabled={index === levels.length - 1} onClick={() => move(index, 1)} aria-label={s.down(index + 1)}>
                  ↓
                </Button>
                <Button variant="ghost" onClick={() => setLevels(levels.filter((_, at) => at !== index))} aria-label={s.removeLevel(index + 1)}>
                  {s.remove}
                </Button>
              </span>
            </li>
          ))}
        </ol>
        <Button onClick={() => setLevels([...levels, ''])} disabled={levels.length >= 50}>
          {s.addLevel}
        </Button>
      </fieldset>
      <AdminFormEnd sending={save} submitText={s.save(activity.name)} onCancel={close} />
    </form>
  );
}
