import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { meKeys } from '../../api/queries/me';
import { navigate } from '../../router';
import { useMe } from '../../session';
import { Loading, Page } from '../../ui';
import { ProfileForm } from './ProfileForm';
import { t } from '../../i18n';

/** The POST /me step a new account needs before it can join or host. */
export function OnboardingPage() {
  const me = useMe();
  const client = useQueryClient();
  const complete = useMutation({
    mutationFn: (body: Parameters<typeof ProfileForm>[0]['initial']) => data(api.POST('/api/v1/me', { body })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meKeys.all });
      navigate(sessionStorage.getItem('returnTo') ?? '/', { replace: true });
    },
  });
  return (
    <Page title={t.me.welcome}>
      {me.isPending ? (
        <Loading />
      ) : (
        <ProfileForm
          initial={{ name: me.data?.name ?? '', contactMethods: [], skillLevels: [] }}
          submitLabel={t.me.finish}
          pending={complete.isPending}
          error={complete.error}
          onSubmit={(input) => complete.mutate(input)}
        />
      )}
    </Page>
  );
}
