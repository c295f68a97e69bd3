/**
 * What each reader adds to a remembered value (a reader's own marks on a remembered public page),
 * kept as long as that very value is: held weakly by the value, so it goes when the value does.
 *
 * It is as fresh as the value only if every write that changes what a reader adds also replaces the
 * value (the owner's argument; see where it is used). Readers of one value are bounded: past
 * `maxReaders`, it starts again rather than track usage.
 */
export class PerReaderCache<V> {
  readonly #byValue = new WeakMap<object, Map<string, V>>();
  readonly #maxReaders: number;

  constructor(options: { maxReaders?: number } = {}) {
    this.#maxReaders = options.maxReaders ?? 1_000;
  }

  /** `reader`'s part of `value`: remembered, or loaded (and remembered unless `load` throws). */
  async through(value: object, reader: string, load: () => Promise<V>): Promise<V> {
    const kept = this.#byValue.get(value)?.get(reader);
    if (kept !== undefined) return kept;
    const loaded = await load();
    let readers = this.#byValue.get(value);
    if (!readers) this.#byValue.set(value, (readers = new Map()));
    if (readers.size >= this.#maxReaders) readers.clear();
    readers.set(reader, loaded);
    return loaded;
  }
}
