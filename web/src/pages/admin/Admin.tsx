/** The frame of every administration screen: one heading, a menu of the sections, the section itself. */
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { Link, useLocation } from '../../router';
import { ListState, Page, Section } from '../../ui';
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
