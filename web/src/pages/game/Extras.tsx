import { useState } from 'react';
import { api, data } from '../../api/client';
import { t } from '../../i18n';
import { Button, Problem, Section } from '../../ui';
import { SharePreview } from './SharePreview';
import type { Game } from './types';
import { useRemoveBookmark, useSaveBookmark } from './actions';

/** A link that opens the method's app where it has one (WhatsApp, Telegram); otherwise the value as written. */
function contactLink(name: string, value: string): string | undefined {
  if (name === 'WHATSAPP' && /\d/.test(value)) return `https://wa.me/${value.replace(/\D/g, '')}`;
  if (name === 'TELEGRAM') return `https://t.me/${value.replace(/^@/, '')}`;
  return undefined;
}

/** How to reach the organiser: the service gives it only to a player holding a place. */
export function OrganizerContact({ methods }: { methods: Array<{ name: string; value: string }> }) {
  return (
    <Section title={t.game.contact} id="contact">
      {methods.length === 0 ? (
        <p className="muted">{t.game.contactNone}</p>
      ) : (
        <ul className="plain contact">
          {methods.map((method) => {
            const href = contactLink(method.name, method.value);
            const label = t.game.contactName[method.name] ?? method.name;
            return (
              <li key={method.name + method.value}>
                {label}:{' '}
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {method.value}
                  </a>
                ) : (
                  method.value
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Calendar, bookmark and share: for anyone signed in; the calendar file for everyone. */
export function Extras({ game }: { game: Game }) {
  const save = useSaveBookmark(game.id);
  const unsave = useRemoveBookmark(game.id);
  const [copied, setCopied] = useState('');
  const [shared, setShared] = useState('');
  const [shareError, setShareError] = useState<unknown>();
  const viewer = game.viewer;
  const bookmark = viewer?.bookmarked ? unsave : save;
  const share = async () => {
    const url = game.shareLink?.shareUrl ?? (await data(api.POST('/api/v1/share-links', { body: { resourceType: 'GAME', resourceId: game.id } }))).shareUrl;
    setShared(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t.game.linkCopied(url));
    } catch {
      setCopied(t.game.copyThis(url));
    }
  };
  // A download, not a fetch: the browser saves the file the calendar opens.
  const calendar = '/api/v1/games/{id}.ics'.replace('{id}', game.id);
  return (
    <>
      <div className="actions">
        <a className="button" href={calendar} download>
          {t.game.addToCalendar}
        </a>
        {viewer && (
          <>
            <Button aria-pressed={viewer.bookmarked} busy={bookmark.isPending} onClick={() => bookmark.mutate()}>
              {viewer.bookmarked ? t.game.bookmarked : t.game.bookmark}
            </Button>
            {(game.shareLink || viewer.joined || viewer.waitlisted || viewer.isOrganizer || viewer.isCoHost) && (
              <Button onClick={() => void share().catch(setShareError)}>{t.game.share}</Button>
            )}
          </>
        )}
      </div>
      <p className="muted" role="status" aria-live="polite">
        {copied}
      </p>
      {shared && <SharePreview url={shared} />}
      <Problem error={save.error ?? unsave.error ?? shareError} />
    </>
  );
}
