import { inLowerCaseNameOrder } from '@live/views/name-order';

/**
 * German order of names: the same order as localeCompare(…, 'de'), at a fraction of its cost (one
 * collator for every comparison instead of one per call), which counts when thousands are sorted.
 */
export const compareGerman = new Intl.Collator('de').compare;

/**
 * Lower case as `toLocaleLowerCase('de')` gives it, without its cost (an ICU call per string, about
 * 5 µs: 26 ms for a filter's 5,000 labels): Unicode has no German-specific case mapping (SpecialCasing:
 * only Lithuanian, Turkish and Azeri), so the default mapping is the same for every code point.
 */
export const lowerGerman = (text: string): string => text.toLowerCase();

/**
 * The items in German order of their names (compareGerman), for thousands at a fraction of the
 * collator's cost: first ordered by the lower-cased names' code units (cheap comparisons), then by the
 * collator, which finds them nearly in order (a merge sort's pass over runs: about one collator call
 * per item instead of log2 n; 5,000 names: some 5,000 calls instead of 55,000). Names the collator
 * counts equal keep the first pass's order.
 */
export function sortByGermanName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return inLowerCaseNameOrder(items, nameOf).sort((a, b) => compareGerman(nameOf(a), nameOf(b)));
}
