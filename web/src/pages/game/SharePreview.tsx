/**
 * What the share link shows, read from the share page itself (src/modules/share-links renders it):
 * the card a chat app builds from its og: tags, and the page a person without the app opens. The
 * page forbids framing and runs no script, so it is fetched and read as an inert document here and
 * its text shown; nothing of it is inserted as HTML.
 */
import { useQuery } from '@tanstack/react-query';
import { sharePageQuery } from '../../api/queries/games';
import { t } from '../../i18n';

interface SharePage {
  card: { title: string; description: string; url: string };
  kicker: string;
  title: string;
  facts: { term: string; lines: string[] }[];
  links: string[];
}

const text = (node: Node | null | undefined) => node?.textContent?.trim() ?? '';

function readSharePage(html: string): SharePage {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const meta = (property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? '';
  return {
    card: { title: meta('og:title'), description: meta('og:description'), url: meta('og:url') },
    kicker: text(doc.querySelector('main .kicker')),
    title: text(doc.querySelector('main h1')),
    facts: [...doc.querySelectorAll('main dt')].map((term) => ({
      term: text(term),
      // A <br> separates lines inside one value (the venue and its address).
      lines: [...(term.nextElementSibling?.childNodes ?? [])].map(text).filter(Boolean),
    })),
    links: [...doc.querySelectorAll('main a')].map(text),
  };
}

export function SharePreview({ url }: { url: string }) {
  // The page's path on this origin: the same service serves both (and the dev server proxies /games).
  const path = new URL(url).pathname;
  const page = useQuery({ ...sharePageQuery(path), select: readSharePage });
  return (
    <section className="share-preview" aria-labelledby="share-preview-title">
      <h2 id="share-preview-title">{t.game.preview.title}</h2>
      {page.isPending && <p className="muted">{t.game.preview.loading}</p>}
      {page.isError && <p className="problem">{page.error.message}</p>}
      {page.data && (
        <div className="share-panes">
          <figure className="share-card" aria-label={t.game.preview.inChat}>
            <figcaption className="muted">{t.game.preview.inChat}</figcaption>
            <p className="share-card-host">{new URL(page.data.card.url || url).host}</p>
            <p className="share-card-title">{page.data.card.title}</p>
            <p className="share-card-text">{page.data.card.description}</p>
          </figure>
          <figure className="share-page" aria-label={t.game.preview.page}>
            <figcaption className="muted">
              {t.game.preview.page} (
              <a href={url} target="_blank" rel="noopener">
                {t.game.preview.openIt}
              </a>
              )
            </figcaption>
            <p className="muted">{page.data.kicker}</p>
            <p className="share-page-title">{page.data.title}</p>
            <dl>
              {page.data.facts.map((fact) => (
                <div key={fact.term}>
                  <dt>{fact.term}</dt>
                  {fact.lines.map((line) => (
                    <dd key={line}>{line}</dd>
                  ))}
                </div>
              ))}
            </dl>
            <p className="share-page-links">
              {page.data.links.map((label) => (
                <span key={label} className="button">
                  {label}
                </span>
              ))}
            </p>
          </figure>
        </div>
      )}
    </section>
  );
}
