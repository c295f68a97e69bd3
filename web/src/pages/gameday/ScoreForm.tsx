/** Two numbers for one match: the service says whether they fit the score rule. */
import { useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import { Button } from '../../ui';

const g = t.gameday;

export function ScoreForm({ court, busy, label, onScore }: { court: number; busy: boolean; label: string; onScore: (a: number, b: number) => void }) {
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onScore(Number(a), Number(b));
  };
  const id = `score-${court}`;
  return (
    <form className="score-form" onSubmit={submit} aria-label={g.scoreOf(court)}>
      <label htmlFor={`${id}-a`}>{g.scoreA}</label>
      <input id={`${id}-a`} inputMode="numeric" pattern="[0-9]*" required value={a} onChange={(event) => setA(event.target.value)} />
      <label htmlFor={`${id}-b`}>{g.scoreB}</label>
      <input id={`${id}-b`} inputMode="numeric" pattern="[0-9]*" required value={b} onChange={(event) => setB(event.target.value)} />
      <Button type="submit" variant="primary" busy={busy}>
        {label}
      </Button>
    </form>
  );
}
