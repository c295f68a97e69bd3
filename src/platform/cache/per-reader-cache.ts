/**
 * What each reader makes of a remembered value (a reader's own page, made of a remembered public
 * page and the reader's marks), kept as long as that very value is: held weakly by the value, so
 * it goes when the value does.
 *
 * It is as fresh as the value only if every write that changes what a reader makes of it also
 * replaces the value (the owner's argument; see where it is used). Bounded memory whatever the
 * readers: past `maxEntries` kept since the last start, it starts again rather than track usage.
 */
export class PerReaderCache<V> {
  #byValue = new WeakMap<object, Map<string, V>>();
  #size = 0;
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 1_000;
  }

  /** `reader`'s part of `value`: remembered, or loaded (and remembered unless `load` throws). */
  async through(value: object, reader: string, load: () => Promise<V>): Promise<V> {
    const kept = this.#byValue.get(value)?.get(reader);
    if (kept !== undefined) return kept;
    const loaded = await load();
    if (++this.#size > this.#maxEntries) [this.#byValue, this.#size] = [new WeakMap(), 1];
    let readers = this.#byValue.get(value);
    if (!readers) this.#byValue.set(value, (readers = new Map()));
    readers.set(reader, loaded);
    return loaded;
  }
}
