import type { SqlDatabase, SqlSession } from './sql/sql-database';

export interface VaultRow {
  readonly eventId: string;
  readonly userId: string;
  readonly values: Record<string, unknown>;
}

/**
 * The vault of personal data (docs/decisions/erasure.md): the fields that events/personal-data.ts
 * names, kept on the write side under the event's id and the person's user id, never in the log. The
 * same SQL database as the credentials, whatever the event store (EventStoreDB included); its table
 * comes with migration 2 (src/store/sql/migrations.ts). Erasure deletes a person's rows; reading an
 * event whose row is gone shows the placeholders.
 */
export class PersonalDataVault {
  /** `db`: where the vault lives; a SQL event store on the same database takes its rows into its appends. */
  constructor(readonly db: SqlDatabase) {}

  /**
   * Stores the rows: in `session`, the transaction that appends their events (the SQL stores), or on
   * their own before the events are appended (EventStoreDB). A row already there stays as it is.
   */
  async put(rows: readonly VaultRow[], session: SqlSession = this.db): Promise<void> {
    if (rows.length === 0) return;
    await session.query(
      `INSERT INTO personal_data (event_id, user_id, data)
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[]) ON CONFLICT (event_id) DO NOTHING`,
      [rows.map((r) => r.eventId), rows.map((r) => r.userId), rows.map((r) => JSON.stringify(r.values))],
    );
  }

  /** The values kept for these events; an event without a row (erased, or never personal) is absent. */
  async get(eventIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    if (eventIds.length === 0) return found;
    const rows = await this.db.query<{ event_id: string; data: Record<string, unknown> | string }>(
      'SELECT event_id, data FROM personal_data WHERE event_id = ANY($1::text[])',
      [[...eventIds]],
    );
    for (const row of rows)
      found.set(
        row.event_id,
        typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
      );
    return found;
  }

  /** Deletes everything kept of these people, and notes that they were erased (only their ids). */
  async erase(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO erased_users (user_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [
        [...userIds],
      ]);
      await tx.query('DELETE FROM personal_data WHERE user_id = ANY($1::text[])', [[...userIds]]);
    });
  }

  /** Which of these people were erased. */
  async erasedAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM erased_users WHERE user_id = ANY($1::text[])',
      [[...userIds]],
    );
    return new Set(rows.map((row) => row.user_id));
  }
}

/** Which fields of which event types a migration moves out of the log (frozen in the migration that uses it). */
export interface PersonalFieldsToMove {
  readonly toVault: Readonly<Record<string, { readonly subject: string; readonly fields: readonly string[] }>>;
  readonly dropped: Readonly<Record<string, readonly string[]>>;
}

/**
 * For the SQL stores' migration: events stored before the vault still hold personal fields in the
 * log. They move into the vault (the same values, so every replay stays exact) and leave the events
 * table; fields that older versions copied and the fold no longer reads are dropped.
 */
export async function movePersonalDataOutOfEvents(tx: SqlSession, move: PersonalFieldsToMove): Promise<void> {
  for (const [type, { subject, fields }] of Object.entries(move.toVault)) {
    const present = fields.map((f) => `data ? '${f}'`).join(' OR ');
    await tx.query(
      `INSERT INTO personal_data (event_id, user_id, data)
       SELECT event_id::text, data->>'${subject}', jsonb_build_object(${fields.map((f) => `'${f}', data->'${f}'`).join(', ')})
       FROM events WHERE type = $1 AND (${present}) ON CONFLICT (event_id) DO NOTHING`,
      [type],
    );
    await tx.query(
      `UPDATE events SET data = data ${fields.map((f) => `- '${f}'`).join(' ')} WHERE type = $1 AND (${present})`,
      [type],
    );
  }
  for (const [type, fields] of Object.entries(move.dropped)) {
    const present = fields.map((f) => `data ? '${f}'`).join(' OR ');
    await tx.query(
      `UPDATE events SET data = data ${fields.map((f) => `- '${f}'`).join(' ')} WHERE type = $1 AND (${present})`,
      [type],
    );
  }
}
