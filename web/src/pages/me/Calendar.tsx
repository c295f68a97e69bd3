import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { t } from '../../i18n';
import { Button, Card, Page, Problem, useConfirm, useToast } from '../../ui';
import './me.css';

/** The secret feed URL is shown once, when made: the service keeps only what checks it. */
export function CalendarPage() {
  const confirm = useConfirm();
  const say = useToast();
  const [url, setUrl] = useState<string | undefined>();
  const create = useMutation({ mutationFn: () => data(api.POST('/api/v1/me/calendar')), onSuccess: (feed) => setUrl(feed.url) });
  const revoke = useMutation({ mutationFn: () => done(api.DELETE('/api/v1/me/calendar')), onSuccess: () => setUrl(undefined) });
  const rotate = async () => {
    if (!(await confirm({ title: t.me.rotateTitle, body: t.me.rotateBody, confirm: t.me.rotate, danger: true }))) return;
    create.mutate(undefined, { onSuccess: () => say(t.me.rotated, 'success') });
  };
  const turnOff = async () => {
    if (!(await confirm({ title: t.me.revokeTitle, body: t.me.revokeBody, confirm: t.me.revoke, danger: true }))) return;
    revoke.mutate(undefined, { onSuccess: () => say(t.me.revoked, 'success') });
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    say(t.me.copied, 'success');
  };
  return (
    <Page title={t.me.calendar}>
      <p>{t.me.calendarIntro}</p>
      <p className="muted">{t.me.calendarSecret}</p>
      <Problem error={create.error ?? revoke.error} />
      {url ? (
        <Card className="me-item">
          <strong id="feed-label">{t.me.feedUrl}</strong>
          <output aria-labelledby="feed-label" className="me-feed-url">
            {url}
          </output>
          <span className="me-actions">
            <Button variant="primary" onClick={() => void copy()}>
              {t.me.copy}
            </Button>
            <a href={url.replace(/^https?:/, 'webcal:')}>{t.me.openInCalendar}</a>
          </span>
        </Card>
      ) : (
        <Button variant="primary" busy={create.isPending} onClick={() => create.mutate()}>
          {t.me.subscribe}
        </Button>
      )}
      <div className="me-actions">
        {url && (
          <Button busy={create.isPending} onClick={() => void rotate()}>
            {t.me.rotate}
          </Button>
        )}
        <Button variant="danger" busy={revoke.isPending} onClick={() => void turnOff()}>
          {t.me.revoke}
        </Button>
      </div>
    </Page>
  );
}
