/** Where this browser stands on push: browser state, not the API's, kept in the same cache so the switch shows it. */
import { queryOptions } from '@tanstack/react-query';
import { browserPush } from '../../push/push';

export const pushKeys = { browser: ['browser-push'] as const };

/** Asking never prompts: permission is only requested from the switch. */
export const browserPushQuery = () => queryOptions({ queryKey: pushKeys.browser, queryFn: browserPush, retry: false });
