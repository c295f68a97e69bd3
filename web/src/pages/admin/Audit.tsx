/** The audit trail: who changed what and when, newest first, narrowed to one object or one person. */
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditQuery } from '../../api/queries/admin';
import { t } from '../../i18n';
import { formatDateTime } from '../../time';
import { Badge, Button, Card, Field, ListState, Section } from '../../ui';
import { AdminFrame } from './Admin';

const s = t.admin.audit;
const OBJECT_TYPES = ['user', 'activity', 'venue', 'venue-import', 'game'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shown = (value: unknown) => (value === null || value === undefined ? s.nothing : typeof value === 'string' ? value : JSON.stringify(value));

export function AuditPage() {
  const [objectType, setObjectType] = useState('');
  const [objectId, setObjectId] = useState('');
  const [actorId, setActorId] = useState('');
  // Only what the API accepts is sent: an id is asked for once it is whole.
  const filters = {
    ...(objectType && { objectType }),
    ...(objectType && objectId.trim() && { objectId: objectId.trim() }),
    ...(UUID.test(actorId.trim()) && { actorId: actorId.trim() }),
  };
  const entries = useInfiniteQuery(auditQuery(filters));
  const list = entries.data?.pages.flatMap((page) => page.content) ?? [];
  return (
    <AdminFrame section="audit">
      <Section title={s.list} id="admin-audit">
        <p className="muted">{s.intro}</p>
        <div className="admin-filters">
          <Field label={s.objectType} id="audit-object-type">
            <select id="audit-object-type" value={objectType} onChange={(e) => setObjectType(e.target.value)}>
              <option value="">{s.anyObject}</option>
              {OBJECT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {s.objectTypes[type]}
                </option>
              ))}
            </select>
          </Field>
          <Field label={s.objectId} id="audit-object-id" hint={s.objectIdHint}>
            <input
              id="audit-object-id"
              value={objectId}
              disabled={!objectType}
              onChange={(e) => setObjectId(e.target.value)}
              aria-describedby="audit-object-id-hint"
            />
          </Field>
          <Field label={s.actorId} id="audit-actor-id" hint={s.actorIdHint}>
            <input id="audit-actor-id" value={actorId} onChange={(e) => setActorId(e.target.value)} aria-describedby="audit-actor-id-hint" />
          </Field>
        </div>
        <ListState query={entries} items={list} empty={s.none} />
        <ul className="card-list" aria-label={s.list}>
          {list.map((entry) => (
            <Card as="li" key={entry.id} className="admin-item">
              <div className="admin-item-head">
                <strong>{s.actions[entry.action] ?? entry.action}</strong>
                <Badge tone="neutral">{s.objectTypes[entry.objectType as (typeof OBJECT_TYPES)[number]] ?? entry.objectType}</Badge>
              </div>
              <p className="muted">
                {formatDateTime(entry.at)} · {entry.actorId ? s.by(entry.actorId) : s.byService}
              </p>
              {entry.objectId && <p className="muted admin-id">{s.object(entry.objectId)}</p>}
              <ul className="admin-changes" aria-label={s.changes}>
                {Object.entries(entry.changes).map(([field, change]) => (
                  <li key={field}>{s.change(field, shown(change.before), shown(change.after))}</li>
                ))}
              </ul>
            </Card>
          ))}
        </ul>
        {entries.hasNextPage && (
          <Button busy={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
            {s.more}
          </Button>
        )}
      </Section>
    </AdminFrame>
  );
}
