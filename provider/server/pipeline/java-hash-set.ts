/**
 * The order in which a Java `HashSet<String>` (default capacity 16, load factor 0.75) iterates, which is the order
 * XStream writes the tracker actions' sets in. Strings land in buckets by their spread hash code; a bucket keeps
 * insertion order, and so does a resize. Tests then see what a controller writes, rather than a sorted list that a
 * careless comparison could come to depend on.
 */

/** `String.hashCode()`: s[0]*31^(n-1) + … + s[n-1], in 32-bit arithmetic over UTF-16 code units. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** The distinct strings of `values` in the order a HashSet built by adding them one by one iterates. */
export function javaHashSetOrder(values: readonly string[]): string[] {
  const distinct = [...new Set(values)];
  let capacity = 16;
  while (distinct.length > capacity * 0.75) capacity *= 2;
  const bucket = (s: string): number => {
    const h = javaStringHash(s);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return distinct
    .map((s, i) => ({ s, i, b: bucket(s) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((e) => e.s);
}
