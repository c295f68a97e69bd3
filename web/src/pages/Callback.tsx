import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigate, useLocation } from '../router';
import { scheduleRefresh } from '../api/client';
import { t } from '../i18n';
import { useMe } from '../session';
import { Loading, Page, Problem } from '../ui';
import { SignInLinks } from './SignIn';

/** Where the service's web sign-in ends: cookies are set; new people go on to onboarding. */
export function CallbackPage() {
  const { query } = useLocation();
  const error = query.get('error');
  const client = useQueryClient();
  useEffect(() => {
    if (!error) {
      scheduleRefresh();
      void client.invalidateQueries();
    }
  }, [client, error]);
  const me = useMe();
  useEffect(() => {
    if (error || me.isFetching || !me.isSuccess) return;
    if (me.data && !me.data.hasCompletedOnboarding) navigate('/onboarding', { replace: true });
    else if (me.data) navigate(sessionStorage.getItem('returnTo') ?? '/', { replace: true });
  }, [error, me.isFetching, me.isSuccess, me.data]);
  if (error) {
    return (
      <Page title={t.nav.signInFailed}>
        <p role="alert">{t.nav.providerAnswered(error.replaceAll('_', ' '))}</p>
        <SignInLinks />
      </Page>
    );
  }
  return (
    <Page title={t.nav.signingIn}>
      {me.isError ? <Problem error={me.error} retry={() => void me.refetch()} /> : <Loading what={t.nav.signingYouIn} />}
      {me.isSuccess && me.data === null && <SignInLinks />}
    </Page>
  );
}
