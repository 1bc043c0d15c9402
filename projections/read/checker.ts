/**
 * The checker's (tester's) reads: answers by question, the single-answer navigation, the round
 * table, team search and the regex tool's selection. All read the quiz answers projection.
 */
import type { Question } from '../../events';
import { ANSWER_REGEX_TEXTS, compileAnswerRegex } from '../live/rules/answer-regex';
import { MISSING_TEAM_NAME } from '../live/rules/names';
import { nextQuestionPosition } from '../live/state/queries';
import type { QuizAnswerRow } from './entities';
import type { ReadSqlSession } from './sql';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export const NO_MATCHING_ANSWER = SHARED_TEXTS.noMatchingAnswer;
export const NO_FURTHER_QUESTION = SHARED_TEXTS.noFurtherQuestion;
export const REGEX_EMPTY = ANSWER_REGEX_TEXTS.empty;
export const REGEX_INVALID = ANSWER_REGEX_TEXTS.invalid;

/** An answer row as the checker reads it, with the names of its team and user. */
export type CheckerAnswer = Pick<
  QuizAnswerRow,
  | 'id'
  | 'quizId'
  | 'round'
  | 'num'
  | 'teamId'
  | 'userId'
  | 'answer'
  | 'points'
  | 'quizzer'
  | 'tester'
  | 'checked'
  | 'liked'
  | 'lockedInAt'
> & { teamName: string | null; userName: string | null };

export interface AnswerFilter {
  round?: number;
  num?: number;
  onlyUnchecked?: boolean;
}

/**
 * The answers of a quiz, in a fixed order (round, question, team or user name, id) so that an
 * offset means the same answer on every call.
 */
export async function answersOfQuiz(
  db: ReadSqlSession,
  quizId: string,
  filter: AnswerFilter = {},
): Promise<CheckerAnswer[]> {
  const rows = await db.query<CheckerAnswer>(
    `SELECT a.id, a.quiz_id AS "quizId", a.round, a.num, a.team_id AS "teamId", t.name AS "teamName", a.user_id AS "userId",
            u.name AS "userName", a.answer, a.points, a.quizzer, a.tester, a.checked, a.liked, a.locked_in_at AS "lockedInAt"
     FROM read_quiz_answers a
     LEFT JOIN read_teams t ON t.id = a.team_id
     LEFT JOIN read_users u ON u.id = a.user_id
     WHERE a.quiz_id = $1 AND ($2::integer IS NULL OR a.round = $2) AND ($3::integer IS NULL OR a.num = $3)
       AND (NOT $4::boolean OR NOT a.checked)
     ORDER BY a.round, a.num, lower(coalesce(t.name, u.name, '')), a.id`,
    [quizId, filter.round ?? null, filter.num ?? null, filter.onlyUnchecked ?? false],
  );
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}

export interface SingleAnswerQuery {
  quizId: string;
  round: number;
  num: number;
  onlyUnchecked: boolean;
  /** Start at the first answer (true, the default) or at `startOffset`. */
  startFromTop: boolean;
  startOffset: number;
  /** Steps from the start, negative going back; wraps around at both ends. */
  offset: number;
}

export type SingleAnswerResult =
  { found: true; answer: CheckerAnswer; index: number; count: number } | { found: false; message: string };

/** The index `steps` away from `start` in a list of `count`, wrapping around at both ends. */
export function wrapIndex(start: number, steps: number, count: number): number {
  return (((start + steps) % count) + count) % count;
}

/** The single-answer checker: the answer to check at the current offset of one question. */
export async function answerAtOffset(db: ReadSqlSession, query: SingleAnswerQuery): Promise<SingleAnswerResult> {
  const answers = await answersOfQuiz(db, query.quizId, {
    round: query.round,
    num: query.num,
    onlyUnchecked: query.onlyUnchecked,
  });
  if (answers.length === 0) return { found: false, message: NO_MATCHING_ANSWER };
  const index = wrapIndex(query.startFromTop ? 0 : query.startOffset, query.offset, answers.length);
  const answer = answers[index];
  if (!answer) return { found: false, message: NO_MATCHING_ANSWER };
  return { found: true, answer, index, count: answers.length };
}

/** Next question: number + 1 in the same round, else question 1 of the next round, else the spec's alert. */
export function nextCheckerQuestion(
  content: readonly Question[],
  round: number,
  num: number,
): { round: number; num: number } | { message: string } {
  const next = nextQuestionPosition(content, round, num);
  return next ? { round: next.round, num: next.number } : { message: NO_FURTHER_QUESTION };
}

export interface RoundTableCell {
  answerId: string;
  answer: string;
  points: number;
  checked: boolean;
  liked: boolean;
}

export interface RoundTable {
  round: number;
  /** The question numbers of the round: from the quiz's content and from the answers. */
  questions: number[];
  teams: { teamId: string; name: string; answers: Record<number, RoundTableCell> }[];
}

/** The round screen: teams (rows, by name) by questions (columns) of one round, team answers only. */
export async function roundTable(db: ReadSqlSession, quizId: string, round: number): Promise<RoundTable> {
  const [quiz] = await db.query<{ content: Question[] }>('SELECT content FROM read_quizzes WHERE id = $1', [quizId]);
  const answers = await answersOfQuiz(db, quizId, { round });
  const questions = new Set<number>((quiz?.content ?? []).filter((q) => q.round === round).map((q) => q.number));
  const teams = new Map<string, RoundTable['teams'][number]>();
  for (const a of answers) {
    const teamId = a.teamId;
    if (teamId === null) continue; // a player's own answer (single mode): the round screen lists teams only
    questions.add(a.num);
    const team = teams.get(teamId) ?? { teamId, name: a.teamName ?? MISSING_TEAM_NAME, answers: {} };
    team.answers[a.num] = { answerId: a.id, answer: a.answer, points: a.points, checked: a.checked, liked: a.liked };
    teams.set(teamId, team);
  }
  const rows = [...teams.values()].sort((x, y) => x.name.localeCompare(y.name, 'de') || (x.teamId < y.teamId ? -1 : 1));
  return { round, questions: [...questions].sort((x, y) => x - y), teams: rows };
}

export interface TeamHit {
  id: string;
  name: string;
  stadt: string;
}

/** Team search: a case-insensitive substring of the name; '_' lists every team. */
export async function searchTeams(db: ReadSqlSession, text: string): Promise<TeamHit[]> {
  const all = text === '_';
  return db.query<TeamHit>(
    `SELECT id, name, stadt FROM read_teams WHERE $2::boolean OR strpos(lower_name, lower($1)) > 0 ORDER BY lower_name, id`,
    [text, all],
  );
}

/**
 * The regex tool's selection: the answers of one question that the regex matches, ignoring case,
 * sorted by id (as the engine's trx decider does): the decider's regex rule (live/answer-regex.ts).
 */
export async function answersMatchingRegex(
  db: ReadSqlSession,
  quizId: string,
  round: number,
  num: number,
  source: string,
): Promise<{ ok: true; answers: CheckerAnswer[] } | { ok: false; message: string }> {
  const compiled = compileAnswerRegex(source);
  if (!compiled.ok) return { ok: false, message: ANSWER_REGEX_TEXTS[compiled.problem] };
  const { regex } = compiled;
  const answers = (await answersOfQuiz(db, quizId, { round, num })).filter((a) => regex.test(a.answer));
  return { ok: true, answers: answers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}
