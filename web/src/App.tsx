import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onSignedOut, scheduleRefresh } from './api/client';
import { useLiveNotifications } from './live';
import { Link, match, navigate, useLocation } from './router';
import { useMe } from './session';
import { Page, Waiting } from './ui';
import { AdminPage } from './pages/Admin';
import { CallbackPage } from './pages/Callback';
import { FindPage } from './pages/Find';
import { GamePage } from './pages/Game';
import { HostPage } from './pages/Host';
import { MyGamesPage } from './pages/MyGames';
import { NotificationsPage, useUnreadCount } from './pages/Notifications';
import { OnboardingPage } from './pages/Onboarding';
import { ProfilePage } from './pages/Profile';
import { SignInLinks, SignInPage } from './pages/SignIn';

export function App() {
  const me = useMe();
  const client = useQueryClient();
  const { path, query } = useLocation();
  const signedIn = !!me.data;
  const [expired, setExpired] = useState(false);
  useLiveNotifications(signedIn);
  const unread = useUnreadCount(signedIn);
  useEffect(() => scheduleRefresh(), [signedIn]);
  useEffect(
    () =>
      onSignedOut(() => {
        setExpired(true);
        client.setQueryData(['me'], null);
      }),
    [client],
  );
  // A signed-in person who skipped onboarding finishes it before anything else.
  useEffect(() => {
    if (me.data && !me.data.hasCompletedOnboarding && path !== '/onboarding' && path !== '/auth/callback') navigate('/onboarding', { replace: true });
  }, [me.data, path]);

  const signOut = async () => {
    await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    client.clear();
    client.setQueryData(['me'], null);
    navigate('/signed-out', { replace: true });
  };

  const needsSignIn = (page: ReactNode) => {
    if (!me.isSuccess) return <Waiting query={me} title="Loading" errorTitle="Something went wrong" />;
    if (!me.data) {
      sessionStorage.setItem('returnTo', path + (query.size ? `?${query.toString()}` : ''));
      return <SignInPage expired={expired} />;
    }
    return page;
  };
  const isAdmin = !!me.data?.roles.includes('ADMIN');
  const gameId = match('/games/:id', path)?.id;
  const editId = match('/games/:id/edit', path)?.id;
  let page: ReactNode;
  if (path === '/') page = <FindPage />;
  else if (path === '/auth/callback') page = <CallbackPage />;
  else if (path === '/sign-in') page = <SignInPage expired={expired} />;
  else if (path === '/signed-out')
    page = (
      <Page title={query.get('deleted') ? 'Your account is deleted' : 'You are signed out'}>
        <p>{query.get('deleted') ? 'Your account and profile have been removed.' : 'See you on the court.'}</p>
        <SignInLinks />
      </Page>
    );
  else if (path === '/onboarding') page = needsSignIn(<OnboardingPage />);
  else if (path === '/host') page = needsSignIn(<HostPage />);
  else if (editId) page = needsSignIn(<HostPage id={editId} />);
  else if (gameId) page = <GamePage id={gameId} />;
  else if (path === '/my-games') page = needsSignIn(<MyGamesPage />);
  else if (path === '/notifications') page = needsSignIn(<NotificationsPage />);
  else if (path === '/profile') page = needsSignIn(<ProfilePage />);
  else if (path === '/admin')
    page = needsSignIn(
      isAdmin ? (
        <AdminPage />
      ) : (
        <Page title="Not available">
          <p>This page is for administrators.</p>
        </Page>
      ),
    );
  else
    page = (
      <Page title="Page not found">
        <p>
          There is nothing at this address. <Link to="/">Find a game</Link>
        </p>
      </Page>
    );

  const count = unread.data?.count ?? 0;
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <Link to="/" className="brand">
          Pickup games
        </Link>
        <nav aria-label="Main">
          <Link to="/" aria-current={path === '/' ? 'page' : undefined}>
            Find
          </Link>
          {signedIn && (
            <>
              <Link to="/my-games" aria-current={path === '/my-games' ? 'page' : undefined}>
                My games
              </Link>
              <Link to="/host" aria-current={path === '/host' ? 'page' : undefined}>
                Host
              </Link>
              <Link to="/notifications" aria-current={path === '/notifications' ? 'page' : undefined} aria-label={`Notifications, ${count} unread`}>
                Notifications{' '}
                <span className="badge" data-testid="unread-count">
                  {count}
                </span>
              </Link>
              <Link to="/profile" aria-current={path === '/profile' ? 'page' : undefined}>
                Profile
              </Link>
              {isAdmin && (
                <Link to="/admin" aria-current={path === '/admin' ? 'page' : undefined}>
                  Admin
                </Link>
              )}
              <button type="button" className="link" onClick={() => void signOut()}>
                Sign out
              </button>
            </>
          )}
          {me.isSuccess && !signedIn && (
            <Link to="/sign-in" aria-current={path === '/sign-in' ? 'page' : undefined}>
              Sign in
            </Link>
          )}
        </nav>
      </header>
      {me.isSuccess && !signedIn && path === '/' && (
        <aside className="welcome" aria-label="Sign in">
          <p>Sign in to join and host games.</p>
          <SignInLinks />
        </aside>
      )}
      <main id="main">{page}</main>
    </>
  );
}
