/**
 * The events table, the same on PGlite and Postgres.
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

export const EVENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    bigint      PRIMARY KEY,
  stream_id   text        NOT NULL,
  revision    integer     NOT NULL,
  event_id    uuid        NOT NULL UNIQUE,
  type        text        NOT NULL,
  data        jsonb       NOT NULL,
  metadata    jsonb       NOT NULL,
  stored_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);
`;
