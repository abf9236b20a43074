/**
 * A Map that forgets its oldest entry once it holds `max`: the in-process caches (sessions, seed pairs,
 * operators' wallet settings) stay bounded whatever the traffic. Setting a key again makes it the newest.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    this.#max = max;
  }

  override set(key: K, value: V): this {
    this.delete(key);
    if (this.size >= this.#max) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
