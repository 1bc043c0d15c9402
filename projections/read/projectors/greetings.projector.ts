import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import { upsertRows, type RowColumn } from '../rows';

const COLUMNS: readonly RowColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'message', type: 'text' },
  { name: 'submitted_at', type: 'timestamptz' },
];

/** Greetings for the wall. */
export const greetingsProjector: Projector = {
  name: 'greetings',
  tables: ['read_greetings'],

  async apply(tx, events) {
    const rows: unknown[][] = [];
    for (const { event } of events) {
      if (event.type !== 'GreetingSubmitted') continue;
      rows.push([event.data.greetingId, event.data.name, event.data.message, recordedAt(event)]);
    }
    await upsertRows(tx, 'read_greetings', COLUMNS, rows, { keys: ['id'], update: 'all' });
  },
};
