/**
 * Names in the order of their lower-cased code units: no locale, so pure and cheap. The views list
 * names this way and the web app sorts with it first, so that the German collator after it finds the
 * names nearly in order (a merge sort's pass over runs: about one collator call per name).
 */
export function inLowerCaseNameOrder<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: nameOf(item).toLowerCase() }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}
