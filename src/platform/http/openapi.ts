/** OpenAPI security requirements, named after the schemes app.ts declares. */
export const USER_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
export const INTERNAL_SECURITY: Array<Record<string, string[]>> = [{ internalSecret: [] }];
