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
