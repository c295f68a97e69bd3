import { useConfirm, type ConfirmOptions } from '../../ui';

/** A click handler that asks first and acts only on yes: `onClick={askFirst({...}, () => remove.mutate(id))}`. */
export function useAskFirst() {
  const ask = useConfirm();
  return (options: ConfirmOptions, act: () => void) => () => {
    void ask(options).then((yes) => yes && act());
  };
}
