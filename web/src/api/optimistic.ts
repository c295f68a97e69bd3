/**
 * A change that shows at once (a switch, a checkbox) and that the person may repeat before the first
 * answer comes back. One rule for all of them: the read on its way is cancelled (it would put back the
 * state before the change), the change is applied to the kept data at once, and only the last change
 * in flight settles the data — an earlier answer would undo a later switch. When changes overlapped,
 * the last to end reads the whole again, since no single answer holds them all; a failure reads it again.
 */
import { useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface OptimisticChange<T, V> {
  /** The kept data the change applies to; it also names the change, so overlapping ones see each other. */
  queryKey: QueryKey;
  send: (change: V) => Promise<T>;
  /** The data as it will be once the change is saved. */
  apply: (current: T, change: V) => T;
}

export function useOptimisticChange<T, V>({ queryKey, send, apply }: OptimisticChange<T, V>) {
  const client = useQueryClient();
  const overlapped = useRef(false);
  const alone = () => client.isMutating({ mutationKey: queryKey }) === 1;
  return useMutation({
    mutationKey: queryKey,
    mutationFn: send,
    onMutate: async (change: V) => {
      if (!alone()) overlapped.current = true;
      await client.cancelQueries({ queryKey });
      client.setQueryData<T>(queryKey, (current) => (current === undefined ? current : apply(current, change)));
    },
    onSuccess: (saved: T) => {
      if (!alone()) return;
      if (overlapped.current) void client.invalidateQueries({ queryKey });
      else client.setQueryData(queryKey, saved);
      overlapped.current = false;
    },
    onError: () => client.invalidateQueries({ queryKey }),
  });
}
