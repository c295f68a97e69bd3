import type { AppRoute } from '../../routes';

export const routes: AppRoute[] = [];
