/** The caller's notification preferences, read once and changed by patch (the API replaces what is present). */
import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { meKeys, preferencesQuery } from '../../api/queries/me';
import type { paths } from '../../api/schema';

export type PreferencesPatch = paths['/api/v1/me/notification-preferences']['put']['requestBody']['content']['application/json'];

export function usePreferences() {
  return useQuery(preferencesQuery());
}

export function useSavePreferences() {
  const client = useQueryClient();
  const key = preferencesQuery().queryKey;
  // Changes that overlapped: one's answer may not hold another's, so the last to end reads them all again.
  const overlapped = useRef(false);
  const alone = () => client.isMutating({ mutationKey: meKeys.preferences }) === 1;
  return useMutation({
    mutationKey: meKeys.preferences,
    mutationFn: (body: PreferencesPatch) => data(api.PUT('/api/v1/me/notification-preferences', { body })),
    // A switch shows its new state at once; a read on its way would put back the state before it.
    onMutate: async (body) => {
      if (!alone()) overlapped.current = true;
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, (current) => {
        if (!current || !body.types) return current;
        const types = { ...current.types };
        for (const [type, channels] of Object.entries(body.types))
          Object.assign((types[type as keyof typeof types] = { ...types[type as keyof typeof types] }), channels);
        return { ...current, types };
      });
    },
    // Only the last change in flight settles the switches: an earlier answer would undo a later switch.
    onSuccess: (saved) => {
      if (!alone()) return;
      if (overlapped.current) void client.invalidateQueries({ queryKey: key });
      else client.setQueryData(key, saved);
      overlapped.current = false;
    },
    onError: () => client.invalidateQueries({ queryKey: meKeys.preferences }),
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
