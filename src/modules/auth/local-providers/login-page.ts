import type { IncomingMessage } from 'node:http';
import type { InteractionDetails, Middleware, Provider } from 'oidc-provider';
import { TEST_USERS, normaliseUsername, type AccountBook } from './accounts.ts';

const INTERACTION_PATH = /^\/interaction\/([\w-]+)$/;
const FORM_LIMIT = 4096;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > FORM_LIMIT) throw new Error('login form too large');
  }
  return new URLSearchParams(body);
}

interface PageOptions {
  title: string;
  accounts: AccountBook;
  /** Authorization parameter whose value is shown and remembered (the social connection). */
  connectionParam?: string;
}

function render(options: PageOptions, details: InteractionDetails, problem?: string): string {
  const clientId = String(details.params.client_id ?? '');
  const connection = options.connectionParam ? details.params[options.connectionParam] : undefined;
  const via = typeof connection === 'string' ? ` via <strong>${escapeHtml(connection)}</strong>` : '';
  const users = TEST_USERS.map(
    (user) =>
      `<li><button type="submit" name="username" value="${escapeHtml(user.username)}">${escapeHtml(user.name)} (${escapeHtml(user.username)})</button></li>`,
  ).join('');
  // Forms without an action post back to this page's own URL, wherever the provider is mounted.
  // Two forms: Enter in the text field must submit the typed name, not the first listed user.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}: sign in</title></head>
<body>
<h1>${escapeHtml(options.title)}</h1>
<p>Local test provider. Signing in to <code>${escapeHtml(clientId)}</code>${via}.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post">
<label>Username <input name="username" autocomplete="username" required maxlength="64"></label>
<button type="submit">Sign in</button>
</form>
<form method="post"><p>Or pick a test user:</p><ul>${users}</ul></form>
</body></html>`;
}

/** The provider's interaction pages: one form post signs in and grants the requested scopes. */
export function loginPage(provider: Provider, options: PageOptions): Middleware {
  return async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();

    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== match[1]) {
      ctx.status = 400;
      ctx.body = 'This sign-in page does not belong to your sign-in attempt.';
      return;
    }
    ctx.set('cache-control', 'no-store');

    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = render(options, details);
      return;
    }

    const username = normaliseUsername((await readForm(ctx.req)).get('username') ?? '');
    if (!username) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = render(options, details, 'Use 1 to 64 letters, digits, dots, dashes or underscores.');
      return;
    }
    const connection = options.connectionParam ? details.params[options.connectionParam] : undefined;
    const accountId = options.accounts.signIn(username, typeof connection === 'string' ? connection : undefined);
    // Consent is implied for these test clients, so no second page.
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    ctx.respond = false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId } },
      {
        mergeWithLastSubmission: false,
      },
    );
  };
}
