import type { Question } from '../../../events';
import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import type { ReadSqlSession } from '../sql';

function byPosition(a: Question, b: Question): number {
  return a.round - b.round || a.number - b.number;
}

function maxRound(content: readonly Question[]): number {
  return content.reduce((max, q) => Math.max(max, q.round), 0);
}

async function writeContent(tx: ReadSqlSession, quizId: string, content: Question[], at: Date): Promise<void> {
  await tx.query(
    'UPDATE read_quizzes SET content = $2::jsonb, question_count = $3, max_round = $4, updated_at = $5 WHERE id = $1',
    [quizId, JSON.stringify(content), content.length, maxRound(content), at.toISOString()],
  );
}

/** The quiz catalogue. Quiz events are rare (a few per night), so each is one statement. */
export const quizzesProjector: Projector = {
  name: 'quizzes',
  version: 1,
  tables: ['read_quizzes'],
  types: ['QuizCreated', 'QuizEdited', 'TieBreakQuestionAdded'],

  async apply(tx, events) {
    for (const { event } of events) {
      const at = recordedAt(event);
      switch (event.type) {
        case 'QuizCreated': {
          const { quizId, name, yearWeek, content, origin } = event.data;
          await tx.query(
            `INSERT INTO read_quizzes (id, name, year_week, content, question_count, max_round, origin, created_at, updated_at)
             VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $8)
             ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, year_week = EXCLUDED.year_week, content = EXCLUDED.content,
               question_count = EXCLUDED.question_count, max_round = EXCLUDED.max_round, origin = EXCLUDED.origin, updated_at = EXCLUDED.updated_at`,
            [
              quizId,
              name,
              yearWeek,
              JSON.stringify(content),
              content.length,
              maxRound(content),
              origin,
              at.toISOString(),
            ],
          );
          break;
        }
        case 'QuizEdited': {
          const { quizId, name, yearWeek, content } = event.data;
          await tx.query('UPDATE read_quizzes SET name = $2, year_week = $3 WHERE id = $1', [quizId, name, yearWeek]);
          await writeContent(tx, quizId, content, at);
          break;
        }
        case 'TieBreakQuestionAdded': {
          const { quizId, question } = event.data;
          const [row] = await tx.query<{ content: Question[] }>('SELECT content FROM read_quizzes WHERE id = $1', [
            quizId,
          ]);
          if (row) await writeContent(tx, quizId, [...row.content, question].sort(byPosition), at);
          break;
        }
      }
    }
  },
};
