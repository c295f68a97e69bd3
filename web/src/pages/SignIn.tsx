import { t } from '../i18n';
import { Page } from '../ui';

/** The social provider's connections the service accepts (`provider=` on the social sign-in start). */
const SOCIAL = ['google-oauth2', 'apple', 'email'] as const;

/** The sign-in starts of the web platform: the service sets the cookies and comes back to /app/auth/callback. */
export function SignInLinks() {
  return (
    <div className="sign-in-links">
      <a className="button primary" href="/api/v1/auth/login/national">
        {t.nav.signInWith(t.nav.nationalId)}
      </a>
      {SOCIAL.map((connection) => (
        <a key={connection} className="button" href={`/api/v1/auth/login/social?provider=${connection}`}>
          {t.nav.signInWith(t.nav.social[connection])}
        </a>
      ))}
    </div>
  );
}

export function SignInPage({ expired }: { expired?: boolean }) {
  return (
    <Page title={t.nav.signIn}>
      {expired && <p role="alert">{t.nav.sessionEnded}</p>}
      <p>{t.nav.signInWhy}</p>
      <SignInLinks />
    </Page>
  );
}
