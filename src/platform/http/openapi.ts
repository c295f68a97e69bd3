/** OpenAPI security requirements, named after the schemes app.ts declares. */
export const USER_SECURITY: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
export const INTERNAL_SECURITY: Array<Record<string, string[]>> = [{ internalSecret: [] }];

/** The OpenAPI schema of a route anyone may call: its tag, its summary and its TypeBox parts. */
export const openRoute = <Parts extends object>(tag: string, summary: string, parts: Parts) => ({ tags: [tag], summary, ...parts });

/** The same for a route that needs a signed-in caller (the access policy says which). */
export const userRoute = <Parts extends object>(tag: string, summary: string, parts: Parts) => ({ tags: [tag], security: USER_SECURITY, summary, ...parts });
