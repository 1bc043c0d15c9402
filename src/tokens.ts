/** Nest injection tokens of values that are not classes. */
export const STORAGE = Symbol('STORAGE');
export const CONFIG = Symbol('CONFIG');
