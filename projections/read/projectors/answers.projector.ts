import type { QuizShowEvent } from '../../../events';
import { afterRating, ratingsOf } from '../../live/rules/ratings';
import type { AnswerChangeSource, QuizAnswerRow } from '../entities';
import { recordedAt } from '../logged-events';
import type { Projector } from '../projector';
import { upsertRows, type RowColumn } from '../rows';
import type { ReadSqlSession } from '../sql';

const ANSWER_COLUMNS: readonly (RowColumn & { field: keyof QuizAnswerRow })[] = [
  { name: 'id', type: 'text', field: 'id' },
  { name: 'night_id', type: 'text', field: 'nightId' },
  { name: 'quiz_id', type: 'text', field: 'quizId' },
  { name: 'round', type: 'integer', field: 'round' },
  { name: 'num', type: 'integer', field: 'num' },
  { name: 'team_id', type: 'text', field: 'teamId' },
  { name: 'user_id', type: 'text', field: 'userId' },
  { name: 'answer', type: 'text', field: 'answer' },
  { name: 'points', type: 'double precision', field: 'points' },
  { name: 'quizzer', type: 'text', field: 'quizzer' },
  { name: 'tester', type: 'text', field: 'tester' },
  { name: 'checked', type: 'boolean', field: 'checked' },
  { name: 'liked', type: 'boolean', field: 'liked' },
  { name: 'locked_in_at', type: 'timestamptz', field: 'lockedInAt' },
  { name: 'points_changed_at', type: 'timestamptz', field: 'pointsChangedAt' },
  { name: 'checked_changed_at', type: 'timestamptz', field: 'checkedChangedAt' },
  { name: 'liked_changed_at', type: 'timestamptz', field: 'likedChangedAt' },
  { name: 'rated_at', type: 'timestamptz', field: 'ratedAt' },
];

const CHANGE_COLUMNS: readonly RowColumn[] = [
  { name: 'answer_id', type: 'text' },
  { name: 'position', type: 'bigint' },
  { name: 'source', type: 'text' },
  { name: 'points', type: 'double precision' },
  { name: 'checked', type: 'boolean' },
  { name: 'liked', type: 'boolean' },
  { name: 'tester', type: 'text' },
  { name: 'changed_at', type: 'timestamptz' },
];

/** Where a rating came from, as the rating history records it. */
function sourceOf(event: QuizShowEvent): AnswerChangeSource {
  return event.type === 'AnswersBulkRated' ? 'regex' : event.type === 'ShipQuestionCorrected' ? 'ship' : 'rating';
}

async function loadAnswers(tx: ReadSqlSession, ids: string[]): Promise<Map<string, QuizAnswerRow>> {
  const found = new Map<string, QuizAnswerRow>();
  if (ids.length === 0) return found;
  const select = ANSWER_COLUMNS.map((c) => `${c.name} AS "${c.field}"`).join(', ');
  const rows = await tx.query<QuizAnswerRow>(`SELECT ${select} FROM read_quiz_answers WHERE id = ANY($1::text[])`, [
    ids,
  ]);
  for (const row of rows) found.set(row.id, { ...row, points: Number(row.points) });
  return found;
}

/**
 * Quiz answers, their rating history and the points per team and round. A batch loads the answers
 * its ratings touch, folds the batch in memory and writes each table once.
 */
export const answersProjector: Projector = {
  name: 'answers',
  version: 1,
  tables: ['read_quiz_answers', 'read_answer_changes', 'read_team_round_points'],
  types: ['AnswersLockedIn', 'AnswerRated', 'AnswersBulkRated', 'ShipQuestionCorrected'],

  async apply(tx, events) {
    const rated = new Set<string>();
    for (const { event } of events) for (const r of ratingsOf(event)) rated.add(r.answerId);
    const answers = await loadAnswers(tx, [...rated]);
    /** The rows this batch changed, by id (the same objects as in `answers`). */
    const touched = new Map<string, QuizAnswerRow>();
    const changes: unknown[][] = [];

    for (const { position, event } of events) {
      const at = recordedAt(event);
      if (event.type === 'AnswersLockedIn') {
        const d = event.data;
        for (const a of d.answers) {
          const row: QuizAnswerRow = {
            id: a.answerId,
            nightId: d.nightId,
            quizId: d.quizId,
            round: d.round,
            num: d.number,
            teamId: a.teamId,
            userId: a.userId,
            answer: a.answer,
            points: 0,
            quizzer: a.author,
            tester: null,
            checked: false,
            liked: false,
            lockedInAt: at,
            pointsChangedAt: null,
            checkedChangedAt: null,
            likedChangedAt: null,
            ratedAt: null,
          };
          answers.set(a.answerId, row);
          touched.set(a.answerId, row);
        }
        continue;
      }
      for (const rating of ratingsOf(event)) {
        const answer = answers.get(rating.answerId);
        if (!answer) continue; // an answer the log never locked in: the live reducer ignores it too
        const rated = afterRating(answer, rating);
        if (answer.points !== rated.points) answer.pointsChangedAt = at;
        if (answer.checked !== rated.checked) answer.checkedChangedAt = at;
        if (answer.liked !== rated.liked) answer.likedChangedAt = at;
        answer.points = rated.points;
        answer.checked = rated.checked;
        answer.liked = rated.liked;
        answer.tester = rated.tester;
        answer.ratedAt = at;
        touched.set(answer.id, answer);
        changes.push([
          answer.id,
          position,
          sourceOf(event),
          answer.points,
          answer.checked,
          answer.liked,
          answer.tester,
          at,
        ]);
      }
    }
    if (touched.size === 0) return;

    const rows = [...touched.values()].map((answer) => ANSWER_COLUMNS.map((c) => answer[c.field]));
    await upsertRows(tx, 'read_quiz_answers', ANSWER_COLUMNS, rows, { keys: ['id'], update: 'all' });
    await upsertRows(tx, 'read_answer_changes', CHANGE_COLUMNS, changes, {
      keys: ['answer_id', 'position'],
      update: 'nothing',
    });
    await recomputeTeamPoints(tx, [...touched.values()]);
  },
};

/** The rounds' sums of the teams whose answers changed, from their answers (idempotent). */
async function recomputeTeamPoints(tx: ReadSqlSession, changed: QuizAnswerRow[]): Promise<void> {
  const pairs = new Map<string, [string, string]>();
  for (const a of changed) if (a.teamId !== null) pairs.set(`${a.quizId}\u0000${a.teamId}`, [a.quizId, a.teamId]);
  if (pairs.size === 0) return;
  const quizIds = [...pairs.values()].map(([quiz]) => quiz);
  const teamIds = [...pairs.values()].map(([, team]) => team);
  await tx.query(
    `DELETE FROM read_team_round_points p USING unnest($1::text[], $2::text[]) AS k(quiz_id, team_id)
     WHERE p.quiz_id = k.quiz_id AND p.team_id = k.team_id`,
    [quizIds, teamIds],
  );
  await tx.query(
    `INSERT INTO read_team_round_points (quiz_id, team_id, round, points, answers)
     SELECT a.quiz_id, a.team_id, a.round, sum(a.points), count(*)::integer
     FROM read_quiz_answers a JOIN unnest($1::text[], $2::text[]) AS k(quiz_id, team_id) ON a.quiz_id = k.quiz_id AND a.team_id = k.team_id
     GROUP BY a.quiz_id, a.team_id, a.round`,
    [quizIds, teamIds],
  );
}
