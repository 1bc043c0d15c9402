import { streams } from '../../events';
import {
  DEFAULT_TIE_BREAK_TITLE,
  findQuestion,
  tieBreakSolutionProblem,
  isQuestionPosition,
  quizTitleProblemOf,
  type LiveState,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type Verdict } from './decision';
import { ADMIN, MODERATOR, QUIZZES, SHOW, questionRefOf, trimmed, type Entries, type QuestionRef } from './entry';
import { quizIdOf } from './fields';
import { requireQuiz } from './guards';
import { normalizeContent, questionsFromRounds, type ContentResult } from './quiz-content';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface CreateQuiz {
  type: 'CreateQuiz';
  name: string;
  yearWeek: string;
  content: ContentResult;
}
/** The TOML file parsed by the server: its rounds of numbered questions, read into content at the edge. */
export interface ImportQuiz {
  type: 'ImportQuiz';
  name: string;
  yearWeek: string;
  content: ContentResult;
}
/** Fields left out keep the quiz's values. */
export interface EditQuiz {
  type: 'EditQuiz';
  quizId: string;
  name: string | null;
  yearWeek: string | null;
  content: ContentResult | null;
}
/** aas; `solution`: the correct value, stored as the question's answer (the checker shows it). */
export interface AddTieBreakQuestion extends QuestionRef {
  type: 'AddTieBreakQuestion';
  title: string;
  text: string;
  solution: string;
}
/** The commands of this file, as their rules receive them: quizEntries holds one entry for each. */
export type QuizCommand = CreateQuiz | ImportQuiz | EditQuiz | AddTieBreakQuestion;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const QUIZ_COMMAND_TEXTS = {
  // from the spec, verbatim
  quizLoadFailed: SHARED_TEXTS.quizLoadFailed,
  quizNameMissing: SHARED_TEXTS.quizNameMissing,
  quizYearWeekMissing: SHARED_TEXTS.quizYearWeekMissing,
  quizQuestionsMissing: SHARED_TEXTS.quizQuestionsMissing,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  questionExists: 'Diese Frage gibt es bereits.',
} as const;

/** Quizzes get sequential numbers (the moderator types them into ma, mup, ta). */
function nextQuizId(state: LiveState): string {
  let max = 0;
  state.quizzes.forEach((q) => {
    const n = Number(q.id);
    if (Number.isInteger(n) && n > max) max = n;
  });
  return String(max + 1);
}

function checkNameAndWeek(name: string, yearWeek: string): string | null {
  const problem = quizTitleProblemOf(name, yearWeek);
  return problem === null
    ? null
    : problem === 'nameMissing'
      ? QUIZ_COMMAND_TEXTS.quizNameMissing
      : QUIZ_COMMAND_TEXTS.quizYearWeekMissing;
}

function create(
  state: LiveState,
  { name, yearWeek, content: normalized }: CreateQuiz | ImportQuiz,
  origin: 'form' | 'import',
): Verdict {
  const missing = checkNameAndWeek(name, yearWeek);
  if (missing) return reject(missing);
  if (!normalized.ok) return reject(normalized.message);
  if (normalized.content.length === 0) return reject(QUIZ_COMMAND_TEXTS.quizQuestionsMissing);
  const quizId = nextQuizId(state);
  return accept(
    streams.quiz(quizId),
    draft('QuizCreated', { quizId, name, yearWeek, content: normalized.content, origin }),
  );
}

/** New quiz: a name, a year_week and at least one question. */
export function createQuiz(state: LiveState, cmd: CreateQuiz): Verdict {
  return create(state, cmd, 'form');
}

export function importQuiz(state: LiveState, cmd: ImportQuiz): Verdict {
  return create(state, cmd, 'import');
}

/** The 'Alle Quizes' table: every field may change; the same rules as for a new quiz hold. */
export function editQuiz(state: LiveState, cmd: EditQuiz): Verdict {
  const quiz = state.quizzes.get(cmd.quizId);
  if (!quiz) return reject(QUIZ_COMMAND_TEXTS.quizLoadFailed, 'not_found');
  const name = cmd.name ?? quiz.name;
  const yearWeek = cmd.yearWeek ?? quiz.yearWeek;
  const missing = checkNameAndWeek(name, yearWeek);
  if (missing) return reject(missing);
  const normalized: ContentResult = cmd.content ?? { ok: true, content: [...quiz.content] };
  if (!normalized.ok) return reject(normalized.message);
  if (normalized.content.length === 0) return reject(QUIZ_COMMAND_TEXTS.quizQuestionsMissing);
  return accept(
    streams.quiz(quiz.id),
    draft('QuizEdited', { quizId: quiz.id, name, yearWeek, content: normalized.content }),
  );
}

/** aas: a tie-break (Seitenstechen) question at a free position; its category is the title. */
export function addTieBreakQuestion(state: LiveState, cmd: AddTieBreakQuestion): Verdict {
  const quiz = requireQuiz(state, cmd.quizId);
  if (isRejection(quiz)) return quiz;
  const quizId = quiz.id;
  const { round, number, text } = cmd;
  if (round === null || number === null || !isQuestionPosition(round, number)) return reject(texts.questionNotFound);
  if (!text) return reject(texts.answerEmpty);
  if (findQuestion(quiz.content, round, number)) return reject(QUIZ_COMMAND_TEXTS.questionExists, 'conflict');
  const problem = tieBreakSolutionProblem(cmd.solution);
  if (problem) return reject(problem);
  const category = cmd.title || DEFAULT_TIE_BREAK_TITLE;
  return accept(
    streams.quiz(quizId),
    draft('TieBreakQuestionAdded', {
      quizId,
      question: {
        type: 'normal',
        round,
        number,
        category,
        question: text,
        answer: cmd.solution,
        points: 1,
        options: [],
        extraInfo: { tieBreak: true },
      },
    }),
  );
}

export const quizEntries = {
  CreateQuiz: {
    access: MODERATOR,
    parse: (c) => ({
      type: 'CreateQuiz',
      name: trimmed(c.name),
      yearWeek: trimmed(c.yearWeek),
      content: normalizeContent(c.content),
    }),
    boundary: () => [SHOW, QUIZZES],
    rule: createQuiz,
  },
  ImportQuiz: {
    access: MODERATOR,
    parse: (c) => ({
      type: 'ImportQuiz',
      name: trimmed(c.name),
      yearWeek: trimmed(c.yearWeek),
      content: normalizeContent(questionsFromRounds(c.rounds)),
    }),
    boundary: () => [SHOW, QUIZZES],
    rule: importQuiz,
  },
  EditQuiz: {
    access: MODERATOR,
    parse: (c) => ({
      type: 'EditQuiz',
      quizId: quizIdOf(c.quizId),
      name: c.name === undefined ? null : trimmed(c.name),
      yearWeek: c.yearWeek === undefined ? null : trimmed(c.yearWeek),
      content: c.content === undefined ? null : normalizeContent(c.content),
    }),
    boundary: (cmd) => [SHOW, streams.quiz(cmd.quizId)],
    rule: editQuiz,
  },
  AddTieBreakQuestion: {
    wire: 'aas',
    content: {
      quiz: 'string|number',
      round: 'integer',
      question: 'integer',
      title: 'string',
      text: 'string',
      solution: 'string|number',
    },
    access: ADMIN,
    parse: (c) => ({
      type: 'AddTieBreakQuestion',
      ...questionRefOf(c),
      title: trimmed(c.title),
      text: trimmed(c.text),
      solution: trimmed(c.solution),
    }),
    boundary: (cmd) => [SHOW, streams.quiz(cmd.quizId)],
    rule: addTieBreakQuestion,
  },
} satisfies Entries<QuizCommand>;
