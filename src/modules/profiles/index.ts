export { ProfilesService } from './profiles.service.ts';
export { ProfileLevels } from './profile-levels.ts';
export { ProfileContacts } from './profile-contacts.ts';
export type { AccountDeletionStep, GameTotals } from './profiles.service.ts';
export { profilesRoutes } from './profiles.routes.ts';
export { PROFILES_ERRORS } from './profiles.errors.ts';
