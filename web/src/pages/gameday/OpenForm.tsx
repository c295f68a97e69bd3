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

interface ChoiceProps<K extends string> {
  id: string;
  label: string;
  labels: Record<K, string>;
  value: K;
  onChange: (value: K) => void;
}

/** A select over one of game day's label tables: its keys are the values sent, its texts what is shown. */
function Choice<K extends string>({ id, label, labels, value, onChange }: ChoiceProps<K>) {
  return (
    <Field label={label} id={id}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as K)}>
        {(Object.keys(labels) as K[]).map((key) => (
          <option key={key} value={key}>
            {labels[key]}
          </option>
        ))}
      </select>
    </Field>
  );
}

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
  return (
    <Section title={g.openHeading} id="open-game-day">
      <p className="muted">{g.openHint}</p>
      <form className="stack" onSubmit={submit}>
        <Field label={g.courts} id="gd-courts">
          <input id="gd-courts" type="number" min={1} max={20} required value={courts} onChange={(event) => setCourts(event.target.value)} />
        </Field>
        <Choice id="gd-format" label={g.format} labels={g.formats} value={format} onChange={setFormat} />
        <Choice id="gd-rule" label={g.scoreRule} labels={g.scoreRules} value={scoreRule} onChange={setRule} />
        <Choice id="gd-pace" label={g.pace} labels={g.paces} value={pace} onChange={setPace} />
        <Button type="submit" variant="primary" busy={write.isPending}>
          {g.open}
        </Button>
        <Problem error={write.error} />
      </form>
    </Section>
  );
}
