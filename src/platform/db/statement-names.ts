import { createHash } from 'node:crypto';

/** How many statement texts one process names: each named text is kept by every pooled connection. */
const NAMED_TEXTS = 200;

/**
 * Names for statements whose text the caller builds per request but which come in a few shapes
 * (a listing page: which filters are present, signed in or not, the page size). A named statement is
 * parsed and planned once per connection; PostgreSQL then reuses its plan, where an unnamed one is
 * planned on every execution (a page statement spent more time planning than running).
 *
 * The name is the text's hash, so one text has one name on every connection. Past `NAMED_TEXTS`
 * different texts, new ones go unnamed: every name stays prepared on every connection for the
 * connection's life, and the filter combinations a client can ask for are many more.
 */
export class StatementNames {
  readonly #prefix: string;
  readonly #named = new Map<string, string>();

  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /** The name for `text`, or undefined once this process has named its share of texts. */
  for(text: string): string | undefined {
    const known = this.#named.get(text);
    if (known || this.#named.size >= NAMED_TEXTS) return known;
    const name = `${this.#prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`;
    this.#named.set(text, name);
    return name;
  }
}
