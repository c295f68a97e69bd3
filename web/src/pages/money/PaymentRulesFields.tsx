import { moment, t } from '../../i18n';
import { Field } from '../../ui';

const m = t.money;
/** The choices the API takes (anything else is refused with 400). */
const RELEASE_HOURS = [2, 6, 12, 24, 48, 72] as const;
export type PaymentRules = { payBy: 'BEFORE' | 'AFTER'; releaseUnpaidHoursBefore: (typeof RELEASE_HOURS)[number] | null };

/**
 * The two money rules, for a game (its ledger) or a series (its page). The API replaces them as a
 * whole, so a change of one sends both.
 */
export function PaymentRulesFields(props: {
  idPrefix: string;
  rules: PaymentRules;
  releaseAt?: string | null;
  busy: boolean;
  onChange: (rules: PaymentRules) => void;
}) {
  const { idPrefix, rules, releaseAt, busy, onChange } = props;
  const payBy = `${idPrefix}-pay-by`;
  const release = `${idPrefix}-release-unpaid`;
  return (
    <>
      <Field label={m.payByLabel} id={payBy} hint={m.payByHint}>
        <select
          id={payBy}
          aria-describedby={`${payBy}-hint`}
          value={rules.payBy}
          disabled={busy}
          onChange={(event) =>
            onChange({ payBy: event.target.value === 'BEFORE' ? 'BEFORE' : 'AFTER', releaseUnpaidHoursBefore: rules.releaseUnpaidHoursBefore })
          }
        >
          <option value="AFTER">{m.payByAfter}</option>
          <option value="BEFORE">{m.payByBefore}</option>
        </select>
      </Field>
      <Field label={m.releaseLabel} id={release} hint={releaseAt ? `${m.releaseHint} ${m.releaseAt(moment(releaseAt))}` : m.releaseHint}>
        <select
          id={release}
          aria-describedby={`${release}-hint`}
          value={rules.releaseUnpaidHoursBefore ?? ''}
          disabled={busy}
          onChange={(event) => {
            const hours = RELEASE_HOURS.find((choice) => String(choice) === event.target.value) ?? null;
            onChange({ payBy: rules.payBy, releaseUnpaidHoursBefore: hours });
          }}
        >
          <option value="">{m.releaseOff}</option>
          {RELEASE_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {m.releaseHours(hours)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
