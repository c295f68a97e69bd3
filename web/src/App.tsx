/**
 * The shell: top bar, the main navigation (a tab bar at the bottom of a phone, links in the top bar on
 * wide screens), sign-in where a page needs it, and the page the route table picks.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onSignedOut, scheduleRefresh } from './api/client';
import { meKeys } from './api/queries/keys';
import { t } from './i18n';
import { useLiveNotifications } from './live';
import { Link, match, navigate, useLocation } from './router';
import { ROUTES } from './routes';
import { preloadPage } from './shell/lazy-page';
import { useMe } from './session';
import { Icon } from './shell/icons';
import { RouteBoundary } from './shell/RouteBoundary';
import { ServiceStatus } from './shell/ServiceStatus';
import { useChatUnread, useUnreadCount } from './shell/unread';
import { forgetSavedCopies } from './offline/client';
import { SavedCopyNotice } from './offline/SavedCopyNotice';
import { UpdatePrompt } from './offline/UpdatePrompt';
import './offline/offline.css';
import './shell/shell.css';
import { Loading, Page, Waiting } from './ui';
import { CallbackPage } from './pages/Callback';
import { SignInLinks, SignInPage } from './pages/SignIn';

export function App() {
  const me = useMe();
  const client = useQueryClient();
  const { path, query } = useLocation();
  const signedIn = !!me.data;
  const [expired, setExpired] = useState(false);
  useLiveNotifications(signedIn);
  const unread = useUnreadCount(signedIn);
  const chatUnread = useChatUnread(signedIn);
  useEffect(() => scheduleRefresh(), [signedIn]);
  useEffect(
    () =>
      onSignedOut(() => {
        setExpired(true);
        client.setQueryData(meKeys.all, null);
        void forgetSavedCopies();
      }),
    [client],
  );
  // A signed-in person who skipped onboarding finishes it before anything else.
  useEffect(() => {
    if (me.data && !me.data.hasCompletedOnboarding && path !== '/onboarding' && path !== '/auth/callback') navigate('/onboarding', { replace: true });
  }, [me.data, path]);

  const signOut = async () => {
    // @calls POST /api/v1/auth/logout (a plain fetch: the typed client would try to renew a session that is ending)
    await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    client.clear();
    await forgetSavedCopies();
    client.setQueryData(meKeys.all, null);
    navigate('/signed-out', { replace: true });
  };

  const needsSignIn = (page: ReactNode) => {
    if (!me.isSuccess) return <Waiting query={me} title={t.common.loading} errorTitle={t.common.somethingWrong} />;
    if (!me.data) {
      sessionStorage.setItem('returnTo', path + (query.size ? `?${query.toString()}` : ''));
      return <SignInPage expired={expired} />;
    }
    return page;
  };
  const isAdmin = !!me.data?.roles.includes('ADMIN');

  let page: ReactNode;
  if (path === '/auth/callback') page = <CallbackPage />;
  else if (path === '/sign-in') page = <SignInPage expired={expired} />;
  else if (path === '/signed-out') {
    const deleted = !!query.get('deleted');
    page = (
      <Page title={deleted ? t.nav.deleted : t.nav.signedOut}>
        <p>{deleted ? t.nav.deletedBody : t.nav.signedOutBody}</p>
        <SignInLinks />
      </Page>
    );
  } else {
    const found = ROUTES.map((route) => ({ route, params: match(route.path, path) })).find((candidate) => candidate.params);
    if (!found)
      page = (
        <Page title={t.common.notFound}>
          <p>
            {t.common.notFoundBody} <Link to="/">{t.common.findAGame}</Link>
          </p>
        </Page>
      );
    else {
      const shown = found.route.render({ params: found.params!, query });
      preloadPage(shown);
      if (found.route.access === 'admin')
        page = needsSignIn(
          isAdmin ? (
            shown
          ) : (
            <Page title={t.common.notAvailable}>
              <p>{t.common.adminOnly}</p>
            </Page>
          ),
        );
      else page = found.route.access === 'signed-in' ? needsSignIn(shown) : shown;
    }
  }

  const count = unread.data?.count ?? 0;
  const chatCount = chatUnread.data?.total ?? 0;
  const current = (to: string) => (path === to ? ('page' as const) : undefined);
  return (
    <>
      <a className="skip" href="#main">
        {t.common.skipToContent}
      </a>
      <header className="top">
        <Link to="/" className="brand">
          {t.common.appName}
        </Link>
        <nav aria-label={t.nav.main} className="tabbar">
          <Link to="/" aria-current={current('/')}>
            <Icon name="find" />
            <span>{t.nav.find}</span>
          </Link>
          {signedIn && (
            <>
              <Link to="/my-games" aria-current={current('/my-games')} aria-label={chatCount > 0 ? t.nav.myGamesChatUnread(chatCount) : undefined}>
                <Icon name="games" />
                <span>{t.nav.myGames}</span>
                {chatCount > 0 && (
                  <>
                    {' '}
                    <span className="badge" data-testid="chat-unread">
                      {chatCount}
                    </span>
                  </>
                )}
              </Link>
              <Link to="/host" aria-current={current('/host')}>
                <Icon name="host" />
                <span>{t.nav.host}</span>
              </Link>
              <Link to="/notifications" aria-current={current('/notifications')} aria-label={t.nav.notificationsUnread(count)}>
                <Icon name="bell" />
                <span>{t.nav.notifications}</span>{' '}
                <span className="badge" data-testid="unread-count">
                  {count}
                </span>
              </Link>
              <Link to="/profile" aria-current={current('/profile')}>
                <Icon name="person" />
                <span>{t.nav.profile}</span>
              </Link>
              {isAdmin && (
                <Link to="/admin" aria-current={current('/admin')}>
                  <Icon name="admin" />
                  <span>{t.nav.admin}</span>
                </Link>
              )}
            </>
          )}
        </nav>
        <div className="account">
          {signedIn && (
            <button type="button" className="link" onClick={() => void signOut()}>
              {t.nav.signOut}
            </button>
          )}
          {me.isSuccess && !signedIn && (
            <Link to="/sign-in" aria-current={current('/sign-in')}>
              {t.nav.signIn}
            </Link>
          )}
        </div>
      </header>
      {me.isSuccess && !signedIn && path === '/' && (
        <aside className="welcome" aria-label={t.nav.signIn}>
          <p>{t.nav.signInToPlay}</p>
          <SignInLinks />
        </aside>
      )}
      <ServiceStatus />
      <SavedCopyNotice />
      <UpdatePrompt />
      <main id="main">
        <RouteBoundary key={path}>
          <Suspense fallback={<Loading />}>{page}</Suspense>
        </RouteBoundary>
      </main>
    </>
  );
}
