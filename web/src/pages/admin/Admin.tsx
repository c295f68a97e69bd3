/** The frame of every administration screen: one heading, a menu of the sections, the section itself. */
import type { ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { t } from '../../i18n';
import { Link, useLocation } from '../../router';
import { Button, ListState, Page, Problem, Section, useConfirm, useToast, type ConfirmOptions } from '../../ui';
import './admin.css';

const SECTIONS = ['users', 'activities', 'venues', 'games', 'disputes', 'chat-reports', 'audit'] as const;
export type AdminSection = (typeof SECTIONS)[number];

export function AdminFrame({ section, children }: { section: AdminSection; children: ReactNode }) {
  const { path } = useLocation();
  return (
    <Page title={t.admin.title}>
      <nav className="admin-menu" aria-label={t.admin.menu}>
        {SECTIONS.map((key) => (
          <Link key={key} to={`/admin/${key}`} aria-current={key === section ? (path === `/admin/${key}` ? 'page' : 'true') : undefined}>
            {t.admin.sections[key]}
          </Link>
        ))}
      </nav>
      {children}
    </Page>
  );
}

/**
 * An admin section that is one list: what leads it (a string: a muted paragraph), its query's loading and problem (or a change's
 * problem, `failed`), the empty state, then an item each (a `li` card). Its anchor is `admin-` and the section's name.
 */
export function AdminList<T>({
  section,
  title,
  lead,
  query,
  failed,
  empty,
  items,
  children,
}: {
  section: AdminSection;
  title: string;
  lead: ReactNode;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  failed: unknown;
  empty: string;
  items: T[] | undefined;
  children: (item: T) => ReactNode;
}) {
  return (
    <AdminFrame section={section}>
      <Section title={title} id={`admin-${section}`}>
        {typeof lead === 'string' ? <p className="muted">{lead}</p> : lead}
        <ListState query={query} failed={failed} items={items} empty={empty} />
        <ul className="card-list" aria-label={title}>
          {items?.map((item) => children(item))}
        </ul>
      </Section>
    </AdminFrame>
  );
}

/** The end of an admin form: the problem its sending met, if any, then its submit button and Cancel. */
export function AdminFormEnd({ sending, submitText, onCancel }: { sending: { isPending: boolean; error: unknown }; submitText: string; onCancel: () => void }) {
  return (
    <>
      <Problem error={sending.error} />
      <div className="admin-actions">
        <Button type="submit" variant="primary" busy={sending.isPending}>
          {submitText}
        </Button>
        <Button onClick={onCancel}>{t.common.cancel}</Button>
      </div>
    </>
  );
}

/**
 * How an item of an admins' queue (disputes, chat reports) is decided: `asks` the admin first, `send`s
 * the decision, says what was done (`said`) and reads the queue again either way. `deciding` is the
 * decision on its way, if any, so each item can show its own buttons busy.
 */
export function useQueueDecision<D>({
  queue,
  send,
  asks,
  said,
}: {
  queue: QueryKey;
  send: (decision: D) => Promise<unknown>;
  asks: (decision: D) => ConfirmOptions;
  said: (decision: D) => string;
}) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const say = useToast();
  const decide = useMutation({
    mutationFn: send,
    onSuccess: (_, decision) => say(said(decision), 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: queue }),
  });
  const ask = async (decision: D) => {
    if (await confirm(asks(decision))) decide.mutate(decision);
  };
  return { ask, error: decide.error, deciding: decide.isPending ? decide.variables : undefined };
}
