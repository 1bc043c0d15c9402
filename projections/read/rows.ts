import type { ReadSqlSession } from './sql';

/** A column of a multi-row write: its name and the Postgres type its array parameter has. */
export interface RowColumn {
  name: string;
  type: 'text' | 'integer' | 'bigint' | 'double precision' | 'boolean' | 'timestamptz' | 'jsonb';
}

/**
 * Writes many rows in one statement: one array parameter per column, unnested. The statement's
 * size does not grow with the row count, so a subscription batch costs one round trip per table.
 * jsonb values travel as JSON text and timestamps as ISO text.
 */
export async function upsertRows(
  tx: ReadSqlSession,
  table: string,
  columns: readonly RowColumn[],
  rows: readonly unknown[][],
  conflict: { keys: readonly string[]; update: 'all' | 'nothing' },
): Promise<void> {
  if (rows.length === 0) return;
  const params = columns.map((column, c) => rows.map((row) => toParam(row[c], column.type)));
  const selects = columns.map((column, c) => {
    const arrayType = column.type === 'jsonb' || column.type === 'timestamptz' ? 'text' : column.type;
    return `$${c + 1}::${arrayType}[]`;
  });
  const casts = columns.map((column, c) =>
    column.type === 'jsonb' || column.type === 'timestamptz' ? `c${c}::${column.type}` : `c${c}`,
  );
  const aliases = columns.map((_, c) => `c${c}`).join(', ');
  const names = columns.map((column) => column.name);
  const updates = names.filter((n) => !conflict.keys.includes(n)).map((n) => `${n} = EXCLUDED.${n}`);
  const onConflict =
    conflict.update === 'nothing' || updates.length === 0
      ? `ON CONFLICT (${conflict.keys.join(', ')}) DO NOTHING`
      : `ON CONFLICT (${conflict.keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
  await tx.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${casts.join(', ')} FROM unnest(${selects.join(', ')}) AS u(${aliases}) ${onConflict}`,
    params,
  );
}

function toParam(value: unknown, type: RowColumn['type']): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (type === 'timestamptz')
    return value instanceof Date ? value.toISOString() : new Date(value as number).toISOString();
  return value;
}
