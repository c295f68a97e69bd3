/** Small display pieces: badge, avatar stack, skeleton, empty state. */
import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`tag tag-${tone}`}>{children}</span>;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('');

/** Up to `max` faces (initials), then "+n"; the whole stack reads as one sentence. */
export function AvatarStack({ names, max = 5, label }: { names: string[]; max?: number; label: string }) {
  const shown = names.slice(0, max);
  return (
    <span className="avatars" role="img" aria-label={label}>
      {shown.map((name, index) => (
        <span className="avatar" key={`${name}-${index}`} aria-hidden="true">
          {initials(name) || '?'}
        </span>
      ))}
      {names.length > max && (
        <span className="avatar avatar-more" aria-hidden="true">
          +{names.length - max}
        </span>
      )}
    </span>
  );
}

/** Grey blocks where content will be, so the page does not jump when it arrives. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton-line" />
      ))}
    </div>
  );
}

/** What a list says when it has nothing, and the one thing to do about it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children && <p className="muted">{children}</p>}
      {action}
    </div>
  );
}
