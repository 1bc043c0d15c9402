import { uniqueNameKey } from '../../live/rules/names';
import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';

/** Teams' public fields. A deleted team's row goes; its answers and points stay. */
export const teamsProjector: Projector = {
  name: 'teams',
  version: 1,
  tables: ['read_teams'],
  types: ['TeamCreated', 'TeamEdited', 'TeamRenamed', 'TeamLogoCleared', 'TeamDeleted'],

  async apply(tx, events) {
    for (const { event } of events) {
      const at = recordedAt(event).toISOString();
      switch (event.type) {
        case 'TeamCreated': {
          const d = event.data;
          await tx.query(
            `INSERT INTO read_teams (id, name, lower_name, stadt, beschreibung, url, is_new, origin, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
             ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, lower_name = EXCLUDED.lower_name, stadt = EXCLUDED.stadt,
               beschreibung = EXCLUDED.beschreibung, url = EXCLUDED.url, is_new = EXCLUDED.is_new, origin = EXCLUDED.origin,
               updated_at = EXCLUDED.updated_at`,
            [d.teamId, d.name, uniqueNameKey(d.name), d.stadt, d.beschreibung, d.url, d.isNew, d.origin, at],
          );
          break;
        }
        case 'TeamEdited': {
          const { teamId, url, stadt, beschreibung } = event.data;
          await tx.query(
            'UPDATE read_teams SET url = $2, stadt = $3, beschreibung = $4, updated_at = $5 WHERE id = $1',
            [teamId, url, stadt, beschreibung, at],
          );
          break;
        }
        case 'TeamRenamed':
          await tx.query('UPDATE read_teams SET name = $2, lower_name = $3, updated_at = $4 WHERE id = $1', [
            event.data.teamId,
            event.data.name,
            uniqueNameKey(event.data.name),
            at,
          ]);
          break;
        case 'TeamLogoCleared':
          await tx.query("UPDATE read_teams SET url = '', updated_at = $2 WHERE id = $1", [event.data.teamId, at]);
          break;
        case 'TeamDeleted':
          await tx.query('DELETE FROM read_teams WHERE id = $1', [event.data.teamId]);
          break;
      }
    }
  },
};
