import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';

const SHOW = 'show';

/** The published ranking (mp): set by PointsPublished, cleared by PointsUnpublished and by the reset (arr). */
export const rankingProjector: Projector = {
  name: 'ranking',
  version: 1,
  tables: ['read_published_ranking'],
  types: ['PointsPublished', 'PointsUnpublished', 'LiveStateReset'],

  async apply(tx, events) {
    for (const { event } of events) {
      const at = recordedAt(event).toISOString();
      let row: [boolean, string | null, unknown[], unknown[]] | null = null;
      if (event.type === 'PointsPublished')
        row = [true, event.data.quizId, event.data.points.rounds, event.data.points.sortedTeams];
      else if (event.type === 'PointsUnpublished' || event.type === 'LiveStateReset') row = [false, null, [], []];
      if (!row) continue;
      const [published, quizId, rounds, sortedTeams] = row;
      await tx.query(
        `INSERT INTO read_published_ranking (id, published, quiz_id, rounds, sorted_teams, changed_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)
         ON CONFLICT (id) DO UPDATE SET published = EXCLUDED.published, quiz_id = EXCLUDED.quiz_id, rounds = EXCLUDED.rounds,
           sorted_teams = EXCLUDED.sorted_teams, changed_at = EXCLUDED.changed_at`,
        [SHOW, published, quizId, JSON.stringify(rounds), JSON.stringify(sortedTeams), at],
      );
    }
  },
};
