/** The frame of every administration screen: one heading, a menu of the sections, the section itself. */
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { Link, useLocation } from '../../router';
import { Page } from '../../ui';
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
