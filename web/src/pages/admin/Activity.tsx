/** One activity as the service holds it (GET /activities/{id}): its ladder, an editor, and deletion (refused while in use). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, done } from '../../api/client';
import { activityKeys, activityQuery } from '../../api/queries/catalogue';
import { t } from '../../i18n';
import { Link, navigate } from '../../router';
import { Button, Card, Loading, Problem, Section, useConfirm, useToast } from '../../ui';
import { AdminFrame } from './Admin';
import { LadderEditor } from './LadderEditor';

const s = t.admin.activities;

export function ActivityPage({ id }: { id: string }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const [editing, setEditing] = useState(false);
  const activity = useQuery(activityQuery(id));
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/v1/admin/activities/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      say(s.deleted(activity.data!.name), 'success');
      await client.invalidateQueries({ queryKey: activityKeys.all });
      navigate('/admin/activities');
    },
  });
  const ask = async (name: string) => {
    if (await confirm({ title: s.deleteTitle, body: s.deleteBody(name), confirm: s.deleteConfirm, danger: true })) remove.mutate();
  };
  return (
    <AdminFrame section="activities">
      <p>
        <Link to="/admin/activities">← {s.back}</Link>
      </p>
      {activity.isPending && <Loading />}
      <Problem error={activity.error} retry={() => void activity.refetch()} />
      {activity.data && (
        <Section title={activity.data.name} id="admin-activity">
          <Card className="admin-item">
            {editing ? (
              <LadderEditor activity={activity.data} close={() => setEditing(false)} />
            ) : (
              <>
                <h3>{s.levels}</h3>
                {activity.data.skillLevels.length ? (
                  <ol className="admin-ladder">
                    {activity.data.skillLevels.map((level) => (
                      <li key={level.id}>{level.name}</li>
                    ))}
                  </ol>
                ) : (
                  <p className="muted">{s.noLadder}</p>
                )}
                <Problem error={remove.error} />
                <div className="admin-actions">
                  <Button onClick={() => setEditing(true)}>{s.edit(activity.data.name)}</Button>
                  <Button variant="danger" busy={remove.isPending} onClick={() => void ask(activity.data.name)}>
                    {s.delete(activity.data.name)}
                  </Button>
                </div>
              </>
            )}
          </Card>
        </Section>
      )}
    </AdminFrame>
  );
}
