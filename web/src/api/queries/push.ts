/** Where this browser stands on push: browser state, not the API's, kept in the same cache so the switch shows it. */
import { queryOptions } from '@tanstack/react-query';
import { browserPush } from '../../push/push';
import { pushKeys } from './keys';

/** Asking never prompts: permission is only requested from the switch. */
export const browserPushQuery = () => queryOptions({ queryKey: pushKeys.browser, queryFn: browserPush, retry: false });

export { pushKeys };
