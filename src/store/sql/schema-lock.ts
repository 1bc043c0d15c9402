/**
 * Arbitrary constant key of the advisory lock that serializes schema setup across processes: the
 * write side's migrations (migrate.ts) and `SqlDatabase.exec`. Two processes starting at once on a
 * fresh database would otherwise race on CREATE TABLE (both see no table, one fails on the catalog's
 * unique index), or both apply the same migration.
 */
export const SCHEMA_LOCK = 727_103;
