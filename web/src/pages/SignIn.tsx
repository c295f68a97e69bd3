import { Page } from '../ui';

/** The social provider's connections the service accepts (`provider=` on the social sign-in start). */
const SOCIAL = [
  ['google-oauth2', 'Google'],
  ['apple', 'Apple'],
  ['email', 'email'],
] as const;

/** The sign-in starts of the web platform: the service sets the cookies and comes back to /app/auth/callback. */
export function SignInLinks() {
  return (
    <div className="sign-in-links">
      <a className="button primary" href="/api/v1/auth/login/national">
        Sign in with national ID
      </a>
      {SOCIAL.map(([connection, label]) => (
        <a key={connection} className="button" href={`/api/v1/auth/login/social?provider=${connection}`}>
          Sign in with {label}
        </a>
      ))}
    </div>
  );
}

export function SignInPage({ expired }: { expired?: boolean }) {
  return (
    <Page title="Sign in">
      {expired && <p role="alert">Your session has ended. Please sign in again.</p>}
      <p>Sign in to join, host and keep track of games.</p>
      <SignInLinks />
    </Page>
  );
}
