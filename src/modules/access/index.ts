export { accessPlugin, internalSecretCheck } from './access.plugin.ts';
export type { AccessPluginOptions, RegisteredRoute } from './access.plugin.ts';
export { ACCESS_POLICY, policyFor } from './access-policy.ts';
export type { Access, PolicyEntry, RateLimitClass, WriteLimitClass } from './access-policy.ts';
export { signedIn, type Principal } from './principal.ts';
export { rateLimitsFor, type RateLimits } from './rate-limits.ts';
