import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import { upsertRows, type RowColumn } from '../rows';

const COLUMNS: readonly RowColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'message', type: 'text' },
  { name: 'submitted_at', type: 'timestamptz' },
];

/** Greetings for the wall; one a moderator hid (mgh) is taken off it. */
export const greetingsProjector: Projector = {
  name: 'greetings',
  version: 1,
  tables: ['read_greetings'],
  types: ['GreetingSubmitted', 'GreetingHidden'],

  async apply(tx, events) {
    const rows: unknown[][] = [];
    const hidden: string[] = [];
    for (const { event } of events) {
      if (event.type === 'GreetingSubmitted')
        rows.push([event.data.greetingId, event.data.name, event.data.message, recordedAt(event)]);
      if (event.type === 'GreetingHidden') hidden.push(event.data.greetingId);
    }
    await upsertRows(tx, 'read_greetings', COLUMNS, rows, { keys: ['id'], update: 'all' });
    // A greeting is hidden only after it was submitted: deleting after the batch's inserts is in log order.
    if (hidden.length > 0) await tx.query('DELETE FROM read_greetings WHERE id = ANY($1::text[])', [hidden]);
  },
};
