/**
 * A small map keyed by config texts, oldest entries dropped first, bounded both in entries and in the characters
 * of the texts it keeps alive (keys and any text stored with them), so a few huge configs cannot pin much memory.
 */
export class TextCache<V> {
  private readonly entries = new Map<string, { value: V; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** `chars`: the characters kept alive by this entry (at least the key's). */
  set(key: string, value: V, chars: number = key.length): void {
    if (chars > this.maxChars) return;
    this.delete(key);
    while (this.entries.size >= this.maxEntries || this.chars + chars > this.maxChars) {
      this.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, chars });
    this.chars += chars;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.chars -= old.chars;
  }
}
