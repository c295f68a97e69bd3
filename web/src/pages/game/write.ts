import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../ui';

interface Write {
  run: () => Promise<unknown>;
  /** Said once it worked. */
  done?: string;
}

/** One write on the game's page: says when it worked, and refreshes the game, its players and the viewer's lists. */
export function useGameWrite(id: string) {
  const client = useQueryClient();
  const say = useToast();
  return useMutation({
    mutationFn: ({ run }: Write) => run(),
    onSuccess: (_answer, { done }) => {
      if (done) say(done, 'success');
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['game', id] }), client.invalidateQueries({ queryKey: ['mine'] })]),
  });
}
