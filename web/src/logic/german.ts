/**
 * German order of names: the same order as localeCompare(…, 'de'), at a fraction of its cost (one
 * collator for every comparison instead of one per call), which counts when thousands are sorted.
 */
export const compareGerman = new Intl.Collator('de').compare;
