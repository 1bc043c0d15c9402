import { streams } from '../../events';
import { DEFAULT_TIE_BREAK_TITLE, findQuestion, quizTitleProblemOf, type LiveState } from '../../projections/live';
import type { AddTieBreakQuestion, CreateQuiz, EditQuiz, ImportQuiz } from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { quizIdOf, requireQuiz, requireRole, textOf, wholeNumberOf } from './guards';
import { normalizeContent, questionsFromRounds } from './quiz-content';
import { texts } from './texts';

/** Quizzes get sequential numbers (the moderator types them into ma, mup, ta). */
function nextQuizId(state: LiveState): string {
  let max = 0;
  state.quizzes.forEach((q) => { const n = Number(q.id); if (Number.isInteger(n) && n > max) max = n; });
  return String(max + 1);
}

function checkNameAndWeek(name: string, yearWeek: string): string | null {
  const problem = quizTitleProblemOf(name, yearWeek);
  return problem === null ? null : problem === 'nameMissing' ? texts.quizNameMissing : texts.quizYearWeekMissing;
}

function create(state: LiveState, name: string, yearWeek: string, content: unknown, origin: 'form' | 'import', ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const missing = checkNameAndWeek(name, yearWeek);
  if (missing) return reject(missing);
  const normalized = normalizeContent(content);
  if (!normalized.ok) return reject(normalized.message);
  if (normalized.content.length === 0) return reject(texts.quizQuestionsMissing);
  const quizId = nextQuizId(state);
  return accept(streams.quiz(quizId), draft('QuizCreated', { quizId, name, yearWeek, content: normalized.content, origin }));
}

/** New quiz: a name, a year_week and at least one question. */
export function createQuiz(state: LiveState, cmd: CreateQuiz, ctx: DecisionContext): Verdict {
  return create(state, textOf(cmd.name).trim(), textOf(cmd.yearWeek).trim(), cmd.content, 'form', ctx);
}

export function importQuiz(state: LiveState, cmd: ImportQuiz, ctx: DecisionContext): Verdict {
  return create(state, textOf(cmd.name).trim(), textOf(cmd.yearWeek).trim(), questionsFromRounds(cmd.rounds), 'import', ctx);
}

/** The 'Alle Quizes' table: every field may change; the same rules as for a new quiz hold. */
export function editQuiz(state: LiveState, cmd: EditQuiz, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const quiz = state.quizzes.get(quizIdOf(cmd.quizId));
  if (!quiz) return reject(texts.quizLoadFailed, 'not_found');
  const name = cmd.name === undefined ? quiz.name : textOf(cmd.name).trim();
  const yearWeek = cmd.yearWeek === undefined ? quiz.yearWeek : textOf(cmd.yearWeek).trim();
  const missing = checkNameAndWeek(name, yearWeek);
  if (missing) return reject(missing);
  const normalized = cmd.content === undefined ? { ok: true as const, content: [...quiz.content] } : normalizeContent(cmd.content);
  if (!normalized.ok) return reject(normalized.message);
  if (normalized.content.length === 0) return reject(texts.quizQuestionsMissing);
  return accept(streams.quiz(quiz.id), draft('QuizEdited', { quizId: quiz.id, name, yearWeek, content: normalized.content }));
}

/** aas: a tie-break (Seitenstechen) question at a free position; its category is the title. */
export function addTieBreakQuestion(state: LiveState, cmd: AddTieBreakQuestion, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const quiz = requireQuiz(state, cmd.quiz);
  if ('ok' in quiz) return quiz;
  const quizId = quiz.id;
  const round = wholeNumberOf(cmd.round);
  const number = wholeNumberOf(cmd.question);
  const text = textOf(cmd.text).trim();
  if (round === null || round < 1 || number === null || number < 1) return reject(texts.questionNotFound);
  if (!text) return reject(texts.answerEmpty);
  if (findQuestion(quiz.content, round, number)) return reject(texts.questionExists, 'conflict');
  const category = textOf(cmd.title).trim() || DEFAULT_TIE_BREAK_TITLE;
  return accept(streams.quiz(quizId), draft('TieBreakQuestionAdded', {
    quizId,
    question: { type: 'normal', round, number, category, question: text, answer: '', points: 1, options: [], extraInfo: { tieBreak: true } },
  }));
}
