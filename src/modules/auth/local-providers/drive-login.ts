const MAX_STEPS = 10;

/** Enough of a cookie jar for one host: the providers scope cookies by path only to keep them apart. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', value = ''] = attribute.trim().split('=');
        return (key.toLowerCase() === 'max-age' && Number(value) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now());
      });
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(separator + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export class DriveLoginError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, url: string, body: string) {
    super(
      `${url} answered ${status}: ${body
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 300)}`,
    );
    this.name = 'DriveLoginError';
    this.status = status;
    this.body = body;
  }
}

function isCallback(target: URL, provider: URL): boolean {
  return target.origin !== provider.origin || target.searchParams.has('code') || target.searchParams.has('error');
}

function decodeEntities(value: string): string {
  return value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/**
 * Plays the browser against a local provider: follows its redirects, posts `username` in the
 * login form and returns the redirect back to the client (with code and state, or an error)
 * without requesting it. Throws DriveLoginError when a provider page answers with an error.
 */
export async function driveLogin(authorizationUrl: string, username: string): Promise<URL> {
  const provider = new URL(authorizationUrl);
  const jar = new CookieJar();
  let url = provider;
  let init: RequestInit = { method: 'GET' };

  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);

    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const target = new URL(location, url);
      if (isCallback(target, provider)) return target;
      url = target;
      init = { method: 'GET' };
      continue;
    }

    const page = await response.text();
    if (response.status !== 200) throw new DriveLoginError(response.status, url.href, page);
    const form = /<form\b[^>]*>/i.exec(page)?.[0];
    if (!form) throw new DriveLoginError(response.status, url.href, `no login form in: ${page}`);
    const action = /\baction="([^"]*)"/i.exec(form)?.[1];
    url = action ? new URL(decodeEntities(action), url) : url;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username }).toString(),
    };
  }
  throw new Error(`no redirect back to the client after ${MAX_STEPS} steps`);
}
