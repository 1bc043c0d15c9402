/**
 * The events table, the same on PGlite and Postgres (created by the write side's migrations, migrations.ts).
 *
 * Ordering: writers are serialized by a transaction-scoped advisory lock (APPEND_LOCK), and each
 * append takes position = max(position) + 1 while holding it. Transactions therefore commit in
 * position order, so a reader that sees position n has already seen every committed position below
 * n: no event can appear later "behind" a reader (the sequence-vs-commit-order pitfall). A rolled-back
 * append leaves no gap either, its position is simply taken by the next append.
 * See docs/decisions/foundation.md, "Event store ordering".
 */
export const EVENTS_CHANNEL = 'quiz_events_appended';

/** Arbitrary constant key of the advisory lock that serializes appends across processes. */
export const APPEND_LOCK = 727_101;
