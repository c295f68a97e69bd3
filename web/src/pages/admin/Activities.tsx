/** Admin: activities and their skill ladders — add one, open one, edit its name and ladder in place. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { activitiesQuery, activityKeys } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Link } from '../../router';
import { Button, Card, EmptyState, Field, Loading, Problem, Section, useToast } from '../../ui';
import { AdminFrame } from './Admin';
import { LadderEditor } from './LadderEditor';

const s = t.admin.activities;

/** The same query (and cache entry) the rest of the app reads activities from. */
export function useAdminActivities() {
  return useQuery(activitiesQuery());
}

export function ActivitiesPage() {
  const activities = useAdminActivities();
  const [editing, setEditing] = useState<string | undefined>();
  return (
    <AdminFrame section="activities">
      <Section title={s.list} id="admin-activities">
        {activities.isPending && <Loading />}
        <Problem error={activities.error} retry={() => void activities.refetch()} />
        {activities.data?.content.length === 0 && <EmptyState title={s.empty} />}
        <ul className="card-list">
          {activities.data?.content.map((activity) => (
            <Card as="li" key={activity.id} className="admin-item">
              {editing === activity.id ? (
                <LadderEditor activity={activity} close={() => setEditing(undefined)} />
              ) : (
                <>
                  <p>
                    <Link to={`/admin/activities/${activity.id}`} aria-label={s.view(activity.name)}>
                      <strong>{activity.name}</strong>
                    </Link>
                    : {activity.skillLevels.map((level) => level.name).join(' → ') || s.noLadder}
                  </p>
                  <div className="admin-actions">
                    <Button onClick={() => setEditing(activity.id)}>{s.edit(activity.name)}</Button>
                  </div>
                </>
              )}
            </Card>
          ))}
        </ul>
      </Section>
      <AddActivity />
    </AdminFrame>
  );
}

function AddActivity() {
  const client = useQueryClient();
  const say = useToast();
  const [name, setName] = useState('');
  const [ladder, setLadder] = useState<string>(s.addLadderDefault);
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/v1/admin/activities', {
          body: {
            name: name.trim(),
            skillLevels: ladder
              .split(',')
              .map((level) => level.trim())
              .filter(Boolean)
              .map((level, index) => ({ name: level, sortOrder: index + 1 })),
          },
        }),
      ),
    onSuccess: async (created) => {
      setName('');
      say(s.added(created.name), 'success');
      await client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Section title={s.add} id="admin-add-activity">
      <form className="form" onSubmit={submit}>
        <Field label={s.addName} id="activity-name">
          <input id="activity-name" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field label={s.addLadder} id="activity-ladder">
          <input id="activity-ladder" value={ladder} onChange={(e) => setLadder(e.target.value)} />
        </Field>
        <Problem error={create.error} />
        <Button type="submit" variant="primary" busy={create.isPending}>
          {s.addButton}
        </Button>
      </form>
    </Section>
  );
}
