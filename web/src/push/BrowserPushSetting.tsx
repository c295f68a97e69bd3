/** Notification settings, "This device": whether push reaches this browser, and the switch for it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserPushQuery, pushKeys } from '../api/queries/push';
import { t } from '../i18n';
import { Problem, useToast } from '../ui';
import { turnOffPush, turnOnPush, type BrowserPush } from './push';

export function BrowserPushSetting() {
  const client = useQueryClient();
  const say = useToast();
  const state = useQuery(browserPushQuery());
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnOnPush() : turnOffPush()),
    onSuccess: (next: BrowserPush) => {
      client.setQueryData(pushKeys.browser, next);
      if (next === 'blocked') say(t.push.blocked, 'warning');
    },
  });
  if (!state.data) return state.isError ? <Problem error={state.error} /> : <p className="muted">{t.push.checking}</p>;
  const current = state.data;
  const switchable = current === 'on' || current === 'off';
  return (
    <div className="stack">
      <p className="muted" role="status">
        {t.push.states[current]}
      </p>
      {switchable && (
        <label>
          <input type="checkbox" checked={current === 'on'} disabled={change.isPending} onChange={(event) => change.mutate(event.target.checked)} />{' '}
          {t.push.switchLabel}
        </label>
      )}
      <Problem error={change.error} />
    </div>
  );
}
