/** Opening game day: courts, format, score rule and pace; when it may open, the service says. */
import { useState, type FormEvent } from 'react';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Button, Field, Problem, Section } from '../../ui';
import { useBoardWrite } from './board';

const g = t.gameday;
type Format = keyof typeof g.formats;
type Rule = keyof typeof g.scoreRules;
type Pace = keyof typeof g.paces;

export function OpenForm({ gameId }: { gameId: string }) {
  const write = useBoardWrite(gameId);
  const [courts, setCourts] = useState('2');
  const [format, setFormat] = useState<Format>('ROTATING_DOUBLES');
  const [scoreRule, setRule] = useState<Rule>('TO_21');
  const [pace, setPace] = useState<Pace>('ROUND');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { courts: Number(courts), format, scoreRule, pace };
    write.mutate(() => data(api.POST('/api/v1/games/{id}/game-day', { params: { path: { id: gameId } }, body })));
  };
  const options = <K extends string>(labels: Record<K, string>) =>
    (Object.keys(labels) as K[]).map((key) => (
      <option key={key} value={key}>
        {labels[key]}
      </option>
    ));
  return (
    <Section title={g.openHeading} id="open-game-day">
      <p className="muted">{g.openHint}</p>
      <form className="stack" onSubmit={submit}>
        <Field label={g.courts} id="gd-courts">
          <input id="gd-courts" type="number" min={1} max={20} required value={courts} onChange={(event) => setCourts(event.target.value)} />
        </Field>
        <Field label={g.format} id="gd-format">
          <select id="gd-format" value={format} onChange={(event) => setFormat(event.target.value as Format)}>
            {options(g.formats)}
          </select>
        </Field>
        <Field label={g.scoreRule} id="gd-rule">
          <select id="gd-rule" value={scoreRule} onChange={(event) => setRule(event.target.value as Rule)}>
            {options(g.scoreRules)}
          </select>
        </Field>
        <Field label={g.pace} id="gd-pace">
          <select id="gd-pace" value={pace} onChange={(event) => setPace(event.target.value as Pace)}>
            {options(g.paces)}
          </select>
        </Field>
        <Button type="submit" variant="primary" busy={write.isPending}>
          {g.open}
        </Button>
        <Problem error={write.error} />
      </form>
    </Section>
  );
}
