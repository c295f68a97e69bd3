import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { Link, useLocation } from '../router';
import { Loading, Page, Problem } from '../ui';
import { GameCard, type GameSummary } from './find/GameCard';

const TABS = [
  { key: 'joined', label: 'Joined' },
  { key: 'hosted', label: 'Hosted' },
  { key: 'bookmarked', label: 'Bookmarked' },
] as const;

async function load(tab: string): Promise<GameSummary[]> {
  if (tab === 'hosted') return (await data(api.GET('/api/v1/me/games/hosted', { params: { query: { size: 50 } } }))).content;
  if (tab === 'bookmarked') return (await data(api.GET('/api/v1/game-bookmarks', { params: { query: { size: 50 } } }))).content.map((item) => item.game);
  return (await data(api.GET('/api/v1/me/games/joined', { params: { query: { size: 50 } } }))).content;
}

export function MyGamesPage() {
  const { query } = useLocation();
  const tab = TABS.find((candidate) => candidate.key === query.get('tab'))?.key ?? 'joined';
  const games = useQuery({ queryKey: ['mine', tab], queryFn: () => load(tab) });
  return (
    <Page title="My games">
      <nav className="tabs" aria-label="My games">
        {TABS.map((item) => (
          <Link key={item.key} to={`/my-games?tab=${item.key}`} aria-current={item.key === tab ? 'page' : undefined}>
            {item.label}
          </Link>
        ))}
      </nav>
      {games.isPending && <Loading />}
      <Problem error={games.error} retry={() => void games.refetch()} />
      {games.isSuccess && games.data.length === 0 && <p className="empty">Nothing here yet.</p>}
      <ul className="cards" aria-label={`${tab} games`}>
        {games.data?.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </ul>
    </Page>
  );
}
