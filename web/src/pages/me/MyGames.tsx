import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { invitationsQuery } from '../../api/queries/me';
import { MY_GAMES_TABS, myGamesQuery, type MyGame, type MyGamesTab } from '../../api/queries/my-games';
import { t } from '../../i18n';
import { Link, navigate, useLocation } from '../../router';
import { formatRange } from '../../time';
import { Badge, Button, Card, EmptyState, Page, Problem, Skeleton, Tabs, type Tone } from '../../ui';
import './me.css';

type Game = MyGame;
const TABS = MY_GAMES_TABS;
type TabKey = MyGamesTab;

/** What the caller is to a game, as the card says it: the tab tells requests and offers, the viewer marks the rest. */
function roleOf(game: Game, tab: TabKey): { label: string; tone: Tone } {
  if (tab === 'requested') return { label: t.me.role.requested, tone: 'neutral' };
  if (tab === 'offered') return { label: t.me.role.offered, tone: 'accent' };
  if (game.viewer?.isOrganizer || game.viewer?.isCoHost) return { label: t.me.role.host, tone: 'accent' };
  if (game.viewer?.waitlisted) return { label: t.me.role.waiting, tone: 'warning' };
  return { label: t.me.role.joined, tone: 'success' };
}

export function MyGameCard({ game, tab }: { game: Game; tab: TabKey }) {
  const role = roleOf(game, tab);
  return (
    <Card as="li" className="me-game">
      <div className="me-game-head">
        <Link to={`/games/${game.id}`} className="me-game-title">
          {game.title ?? t.me.gameTitle(game.activity.name, game.venue.name)}
        </Link>
        <Badge tone={role.tone}>{role.label}</Badge>
      </div>
      <span className="muted">
        {game.activity.name} · {game.venue.name}
      </span>
      <span>{formatRange(game.startTime, game.endTime)}</span>
    </Card>
  );
}

export function MyGamesPage() {
  const { query } = useLocation();
  const tab = TABS.find((key) => key === query.get('tab')) ?? 'upcoming';
  const games = useInfiniteQuery(myGamesQuery(tab));
  const invitations = useQuery(invitationsQuery());
  const items = games.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t.me.myGames}>
      <p>
        <Link to="/series">{t.me.seriesLink}</Link>
      </p>
      {!!invitations.data?.length && (
        <p>
          <Link to="/me/invitations">{t.me.invitationsLink(invitations.data.length)}</Link>
        </p>
      )}
      <Tabs
        label={t.me.tabsLabel}
        tabs={TABS.map((key) => ({ key, label: t.me.tabs[key] }))}
        value={tab}
        onChange={(key) => navigate(`/my-games?tab=${key}`, { replace: true })}
      >
        {games.isPending && <Skeleton label={t.common.loading} />}
        <Problem error={games.error} retry={() => void games.refetch()} />
        {games.isSuccess && items.length === 0 && <EmptyState title={t.me.empty[tab]} />}
        {items.length > 0 && (
          <ul className="me-list" aria-label={t.me.tabs[tab]}>
            {items.map((game) => (
              <MyGameCard key={game.id} game={game} tab={tab} />
            ))}
          </ul>
        )}
        {games.hasNextPage && (
          <Button onClick={() => void games.fetchNextPage()} busy={games.isFetchingNextPage}>
            {t.me.showMore}
          </Button>
        )}
      </Tabs>
    </Page>
  );
}
