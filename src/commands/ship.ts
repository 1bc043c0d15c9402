/**
 * The ship round (Schiffe Versenken): each team names its camp (Lager) and a field to plunder
 * (Plündern). asv corrects a ship question: a team scores one point per other team whose camp it
 * plundered, plus one point if no other team plundered its own camp. Malformed answers score 0.
 */
import { streams, type ShipResult } from '../../events';
import { findQuestion, parseShipAnswer, type AnswerLive, type LiveState } from '../../projections/live';
import { accept, draft, isRejection, reject, type Verdict } from './decision';
import { ADMIN, NIGHTS, SHOW, questionRefOf, type Entries, type QuestionRef } from './entry';
import { requireQuiz } from './guards';
import { texts } from './texts';

export interface CorrectShipQuestion extends QuestionRef {
  type: 'CorrectShipQuestion';
}
/** The commands of this file, as their rules receive them: shipEntries holds one entry for each. */
export type ShipCommand = CorrectShipQuestion;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const SHIP_COMMAND_TEXTS = {
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  notAShipQuestion: 'Diese Frage ist keine Schiffe-Frage.',
} as const;

export function shipResults(answers: readonly AnswerLive[]): ShipResult[] {
  const parsed = answers.map((a) => ({ answer: a, ship: parseShipAnswer(a.answer) }));
  return parsed.map(({ answer, ship }) => {
    if (!ship)
      return {
        answerId: answer.id,
        teamId: answer.teamId,
        lager: null,
        pluendern: null,
        hits: 0,
        survived: false,
        points: 0,
      };
    const others = parsed.flatMap((o) => (o.answer.id !== answer.id && o.ship ? [o.ship] : []));
    const hits = others.filter((other) => other.lager === ship.pluendern).length;
    const survived = !others.some((other) => other.pluendern === ship.lager);
    return {
      answerId: answer.id,
      teamId: answer.teamId,
      lager: ship.lager,
      pluendern: ship.pluendern,
      hits,
      survived,
      points: hits + (survived ? 1 : 0),
    };
  });
}

export function correctShipQuestion(state: LiveState, cmd: CorrectShipQuestion): Verdict {
  const quiz = requireQuiz(state, cmd.quizId);
  if (isRejection(quiz)) return quiz;
  const quizId = quiz.id;
  const { round, number } = cmd;
  const question = round === null || number === null ? undefined : findQuestion(quiz.content, round, number);
  if (!question) return reject(texts.questionNotFound, 'not_found');
  if (question.type !== 'schiffe') return reject(SHIP_COMMAND_TEXTS.notAShipQuestion);
  const answers: AnswerLive[] = [];
  state.answers.forEach((a) => {
    if (a.quizId === quizId && a.round === round && a.num === number) answers.push(a);
  });
  if (answers.length === 0) return reject(texts.noMatchingAnswer, 'not_found');
  answers.sort((a, b) => (a.id < b.id ? -1 : 1));
  return accept(
    streams.night(answers[0].nightId),
    draft('ShipQuestionCorrected', {
      quizId,
      round: question.round,
      number: question.number,
      results: shipResults(answers),
    }),
  );
}

export const shipEntries = {
  CorrectShipQuestion: {
    wire: 'asv',
    content: { quiz: 'string|number', round: 'integer', question: 'integer' },
    access: ADMIN,
    parse: (c) => ({ type: 'CorrectShipQuestion', ...questionRefOf(c) }),
    boundary: (cmd) => [SHOW, streams.quiz(cmd.quizId), NIGHTS],
    rule: correctShipQuestion,
  },
} satisfies Entries<ShipCommand>;
