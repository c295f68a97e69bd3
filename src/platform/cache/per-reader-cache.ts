import { type ByteMeter, ENTRY_OVERHEAD, unbudgeted } from './cache-budget.ts';

/**
 * What each reader makes of a remembered value (a reader's own page, made of a remembered public
 * page and the reader's marks), kept as long as that very value is: held weakly by the value, so
 * it goes when the value does.
 *
 * It is as fresh as the value only if every write that changes what a reader makes of it also
 * replaces the value (the owner's argument; see where it is used). Bounded memory whatever the
 * readers: entries are counted in bytes of their JSON as they are kept (a weak map says nothing
 * when one goes), and past the budget it starts again rather than track usage, so what it holds
 * is never more than the meter says. The length of that JSON comes with the loaded value: the
 * caller knows it from the bytes it already made (a page is not serialised again to be weighed).
 */
export class PerReaderCache<V> {
  #byValue = new WeakMap<object, Map<string, V>>();
  readonly #meter: ByteMeter;

  /** `meter`: the `readerPages` share of CACHE_MB. */
  constructor(options: { meter?: ByteMeter } = {}) {
    this.#meter = options.meter ?? unbudgeted('readerPages');
  }

  /**
   * `reader`'s part of `value`: remembered, or loaded (and remembered unless `load` throws). `load`
   * answers the part and the length of its JSON.
   */
  async through(value: object, reader: string, load: () => Promise<{ value: V; json: number }>): Promise<V> {
    const kept = this.#byValue.get(value)?.get(reader);
    if (kept !== undefined) return kept;
    const { value: loaded, json } = await load();
    const bytes = reader.length + json + ENTRY_OVERHEAD;
    if (bytes > this.#meter.maxBytes) return loaded;
    if (this.#meter.bytes + bytes > this.#meter.maxBytes) [this.#byValue, this.#meter.bytes] = [new WeakMap(), 0];
    let readers = this.#byValue.get(value);
    if (!readers) this.#byValue.set(value, (readers = new Map()));
    readers.set(reader, loaded);
    this.#meter.bytes += bytes;
    return loaded;
  }
}
