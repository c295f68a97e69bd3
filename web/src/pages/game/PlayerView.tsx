/** A game's page for anyone who does not host it: a visitor deciding to join, a player, someone waiting. */
import { Rules } from './Facts';
import type { Holding } from './LeaveNotice';
import { WithAPlace, YourPlace } from './Place';
import type { Game } from './types';

export function PlayerView({ game, holding, now }: { game: Game; holding: Holding; now: number }) {
  return (
    <>
      <YourPlace game={game} holding={holding} now={now} />
      {/* The rules that decide a join, told before joining. */}
      {(holding === 'none' || holding === 'anonymous') && game.status === 'SCHEDULED' && <Rules game={game} />}
      <WithAPlace game={game} holding={holding} now={now} />
    </>
  );
}
