import type { HTMLAttributes, ReactNode } from 'react';

/** A surface that groups one thing: a game, a person, a setting. */
export function Card({ as: Tag = 'div', className, ...rest }: HTMLAttributes<HTMLElement> & { as?: 'div' | 'li' | 'article' | 'section' }) {
  return <Tag className={['surface', className].filter(Boolean).join(' ')} {...rest} />;
}

/** A titled section of a page, with an optional action at the heading's right. */
export function Section({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
