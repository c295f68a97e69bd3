/** The caller's notification preferences, read once and changed by patch (the API replaces what is present). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { preferencesQuery } from '../../api/queries/me';
import { useOptimisticChange } from '../../api/optimistic';
import type { paths } from '../../api/schema';

export type PreferencesPatch = paths['/api/v1/me/notification-preferences']['put']['requestBody']['content']['application/json'];

export function usePreferences() {
  return useQuery(preferencesQuery());
}

export function useSavePreferences() {
  return useOptimisticChange({
    queryKey: preferencesQuery().queryKey,
    send: (body: PreferencesPatch) => data(api.PUT('/api/v1/me/notification-preferences', { body })),
    // As the API does: present fields replace, and a type changes only the channels it names.
    apply: (current, { types: changed, ...replaced }) => {
      const next = { ...current, ...replaced };
      if (!changed) return next;
      const types = { ...current.types };
      for (const [type, channels] of Object.entries(changed))
        Object.assign((types[type as keyof typeof types] = { ...types[type as keyof typeof types] }), channels);
      return { ...next, types };
    },
  });
}

/** Mute or unmute one game: the list is replaced whole, so it is read first. */
export function useMutePreferences() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  const mutation = useMutation({
    mutationFn: async (change: { add?: string; remove?: string }) => {
      const current = preferences.data ?? (await preferences.refetch()).data;
      const ids = new Set(current?.mutedGameIds ?? []);
      if (change.add) ids.add(change.add);
      if (change.remove) ids.delete(change.remove);
      return save.mutateAsync({ mutedGameIds: [...ids] });
    },
  });
  return Object.assign(mutation, { preferences });
}
