import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { useOptimisticChange } from '../../api/optimistic';
import { skillRatingsQuery } from '../../api/queries/me';
import type { paths } from '../../api/schema';
import { t } from '../../i18n';
import { formatDateTime } from '../../time';
import { Card, EmptyState, Page, Problem, Section, useToast, Waiting } from '../../ui';
import './me.css';

type OwnRating = paths['/api/v1/me/ratings']['get']['responses'][200]['content']['application/json']['data']['ratings'][number];

function RatingCard({ rating }: { rating: OwnRating }) {
  const heading = t.skill.heading(rating.activity.name, t.skill.kind[rating.kind] ?? rating.kind);
  return (
    <Card as="li" className="me-item">
      <h3 className="me-game-title">{heading}</h3>
      <dl className="facts">
        <dt>{t.skill.estimate}</dt>
        <dd>
          {t.skill.value(rating.mu, rating.sigma)} · {t.skill.games(rating.games)}
        </dd>
        <dt>{t.skill.declared}</dt>
        <dd>{rating.declaredLevel?.name ?? t.skill.noDeclared}</dd>
        <dt>{t.skill.suggested}</dt>
        <dd>{rating.suggestedLevel?.name ?? t.skill.noSuggestion}</dd>
      </dl>
      {rating.history.length > 0 && (
        <details>
          <summary>{t.skill.history}</summary>
          <ul className="card-list me-links" aria-label={`${heading}: ${t.skill.history}`}>
            {rating.history.map((change) => (
              <li key={change.matchId}>
                {t.skill.result(change.won)} · {t.skill.change(change.muBefore, change.muAfter)} · <span className="muted">{formatDateTime(change.at)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

/** The player's ratings per activity and kind, the suggested levels, and the switch that hides them from others. */
export function RatingsPage() {
  const say = useToast();
  const ratings = useQuery(skillRatingsQuery());
  const hide = useOptimisticChange({
    queryKey: skillRatingsQuery().queryKey,
    send: (hidden: boolean) => data(api.PUT('/api/v1/me/ratings/visibility', { body: { hidden } })),
    apply: (current, hidden) => ({ ...current, hidden }),
  });
  if (!ratings.data) return <Waiting query={ratings} title={t.skill.title} />;
  const { hidden, ratings: list } = ratings.data;
  return (
    <Page title={t.skill.title}>
      <p className="muted">{t.skill.intro}</p>
      <label className="skill-hide">
        <input
          type="checkbox"
          checked={hidden}
          onChange={(event) => hide.mutate(event.target.checked, { onSuccess: (saved) => say(saved.hidden ? t.skill.hidden : t.skill.shown, 'success') })}
        />{' '}
        {t.skill.hide}
      </label>
      <Problem error={hide.error} />
      <Section title={t.skill.yours}>
        {list.length === 0 ? (
          <EmptyState title={t.skill.none}>{t.skill.noneBody}</EmptyState>
        ) : (
          <ul className="me-list" aria-label={t.skill.yours}>
            {list.map((rating) => (
              <RatingCard key={`${rating.activity.id}-${rating.kind}`} rating={rating} />
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
