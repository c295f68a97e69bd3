/**
 * A game's page for its organiser and co-hosts: the ways into running it (edit, manage, the game-day
 * console) and cancelling it. A co-host may hold a place as well: theirs is shown as a player's.
 */
import { t } from '../../i18n';
import { Link } from '../../router';
import { Button, Problem, useConfirm } from '../../ui';
import { useCancelGame } from './actions';
import type { Holding } from './LeaveNotice';
import { WithAPlace, YourPlace } from './Place';
import type { Game } from './types';

/** The organiser's and co-hosts' ways into the host area, and cancelling (asked first). */
function HostTools({ game }: { game: Game }) {
  const confirm = useConfirm();
  const write = useCancelGame(game.id);
  const upcoming = game.status === 'SCHEDULED';
  const cancel = async () => {
    if (!(await confirm({ title: t.game.cancelTitle, body: t.game.cancelBody, confirm: t.game.cancelGame, danger: true }))) return;
    write.mutate();
  };
  return (
    <div className="actions host-tools">
      {upcoming && (
        <Link className="button" to={`/games/${game.id}/edit`}>
          {t.game.edit}
        </Link>
      )}
      <Link className="button" to={`/games/${game.id}/manage`}>
        {t.game.manage}
      </Link>
      <Link className="button" to={`/games/${game.id}/game-day`}>
        {t.gameday.openConsole}
      </Link>
      {upcoming && game.viewer?.isOrganizer && (
        <Button variant="danger" busy={write.isPending} onClick={() => void cancel()}>
          {t.game.cancelGame}
        </Button>
      )}
      <Problem error={write.error} />
    </div>
  );
}

export function HostView({ game, holding, now }: { game: Game; holding: Holding; now: number }) {
  return (
    <>
      <YourPlace game={game} holding={holding} now={now} />
      <WithAPlace game={game} holding={holding} now={now} />
      <HostTools game={game} />
    </>
  );
}
