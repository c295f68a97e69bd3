import { t } from '../../i18n';
import { Button, Loading, Problem, Section, useConfirm } from '../../ui';
import { usePlayers } from './Facts';
import type { Game } from './types';
import { useRemovePlayer } from './actions';

/** Players in join order and the waitlist in its order; a host may remove a player (asked first). */
export function Players({ game, manages }: { game: Game; manages: boolean }) {
  const players = usePlayers(game.id, true);
  const write = useRemovePlayer(game.id);
  const confirm = useConfirm();
  const list = players.data ?? [];
  const active = list.filter((player) => player.status === 'ACTIVE');
  const waiting = list.filter((player) => player.status === 'WAITLISTED');
  const remove = async (userId: string, name: string) => {
    if (!(await confirm({ title: t.game.removeTitle(name), body: t.game.removeBody, confirm: t.game.remove(name), danger: true }))) return;
    write.mutate(userId);
  };
  return (
    <Section title={t.game.players} id="players">
      {players.isPending && <Loading />}
      <Problem error={players.error ?? write.error} />
      <ol className="players" aria-label={t.game.playersList}>
        {active.map((player) => {
          const name = player.name ?? t.common.aPlayer;
          return (
            <li key={player.userId}>
              <span>
                {name}
                {player.guests > 0 && t.game.withGuests(player.guests)}
                {player.isOrganizer && t.game.hostMark}
              </span>
              {manages && !player.isOrganizer && game.status === 'SCHEDULED' && (
                <Button variant="ghost" busy={write.isPending} onClick={() => void remove(player.userId, name)}>
                  {t.game.remove(name)}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {waiting.length > 0 && (
        <>
          <h3>{t.game.waitlist}</h3>
          <ol className="players" aria-label={t.game.waitlistList}>
            {waiting.map((player) => (
              <li key={player.userId}>
                {player.name ?? t.common.aPlayer}
                {player.guests > 0 && t.game.withGuests(player.guests)}
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
