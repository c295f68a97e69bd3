import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Loading, Problem, Section, useToast } from '../../ui';
import { PaymentRulesFields, type PaymentRules } from '../money/PaymentRulesFields';
import type { Series } from './queries';
import { gameKeys } from '../../api/queries/games';
import { seriesKeys, seriesPaymentRulesQuery } from '../../api/queries/series';

const m = t.money;

/** The series' money rules for its organiser and co-hosts: the game's own control, applied to the series' games. */
export function SeriesMoney({ series }: { series: Series }) {
  const client = useQueryClient();
  const say = useToast();
  const rules = useQuery(seriesPaymentRulesQuery(series.id));
  const save = useMutation({
    mutationFn: (body: PaymentRules) => data(api.PUT('/api/v1/series/{id}/payment-rules', { params: { path: { id: series.id } }, body })),
    onSuccess: () => say(m.payBySaved, 'success'),
    // The series' games still to come took the rules too: their ledgers are stale.
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: seriesKeys.paymentRules(series.id) }), client.invalidateQueries({ queryKey: gameKeys.all })]),
  });
  return (
    <Section title={m.seriesRulesHeading} id="series-money">
      <p className="muted">{m.seriesRulesHint}</p>
      {rules.isPending && <Loading />}
      <Problem error={rules.error ?? save.error} />
      {rules.data && <PaymentRulesFields idPrefix="series" rules={rules.data} busy={save.isPending} onChange={(body) => save.mutate(body)} />}
    </Section>
  );
}
