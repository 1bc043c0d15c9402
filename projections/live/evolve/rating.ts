import type { RatingEvent, ShipEvent } from '../../../events';
import { afterRating, ratingsOf } from '../rules/ratings';
import { answerRated, type LiveState } from '../state/state';
import { NO_CHANGES, type Changes, type Writer } from './writer';

/** Gives each rated answer its rating and keeps a single player's point sum in step. */
function rate(state: LiveState, event: RatingEvent | ShipEvent, write: Writer): Changes {
  let answers = state.answers;
  let users = state.users;
  for (const rating of ratingsOf(event)) {
    const answer = answers.get(rating.answerId);
    if (!answer) continue;
    const rated = afterRating(answer, rating);
    answers = write.set(answers, rating.answerId, answerRated(answer, rated));
    if (answer.userId && !answer.teamId && rated.points !== answer.points) {
      const delta = rated.points - answer.points;
      users = write.update(users, answer.userId, (u) => ({ ...u, points: u.points + delta }));
    }
  }
  return answers === state.answers && users === state.users ? NO_CHANGES : { answers, users };
}

export function evolveRating(state: LiveState, event: RatingEvent | ShipEvent, write: Writer): Changes {
  switch (event.type) {
    case 'AnswerRated':
    case 'AnswersBulkRated':
    case 'ShipQuestionCorrected':
      return rate(state, event, write);
    case 'CheckingStarted':
      return { checking: write.set(state.checking, event.data.testerId, event.data.quizId) };
  }
}
