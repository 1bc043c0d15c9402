import type { RatingEvent, ShipEvent } from '../../../events';
import type { Owner, PersistentMap } from '../persistent-map';
import { afterRating, ratingsOf, type Rating } from '../ratings';
import { answerRated, nextWithAnswers, type AnswerLive, type LiveState, type UserLive } from '../state';

interface Maps {
  answers: PersistentMap<AnswerLive>;
  users: PersistentMap<UserLive>;
}

/** Gives an answer its rating and keeps a single player's point sum in step. */
function rate(maps: Maps, rating: Rating, owner: Owner): Maps {
  const answer = maps.answers.get(rating.answerId);
  if (!answer) return maps;
  const rated = afterRating(answer, rating);
  const answers = maps.answers.set(rating.answerId, answerRated(answer, rated), owner);
  if (!answer.userId || answer.teamId || rated.points === answer.points) return { answers, users: maps.users };
  const delta = rated.points - answer.points;
  return { answers, users: maps.users.update(answer.userId, (u) => ({ ...u, points: u.points + delta }), owner) };
}

export function evolveRating(state: LiveState, event: RatingEvent | ShipEvent, owner: Owner | null): LiveState | Partial<LiveState> {
  switch (event.type) {
    case 'AnswerRated':
    case 'AnswersBulkRated':
    case 'ShipQuestionCorrected': {
      let maps: Maps = { answers: state.answers, users: state.users };
      const writer = owner ?? {}; // the maps this event makes are its own until it returns them
      for (const rating of ratingsOf(event)) maps = rate(maps, rating, writer);
      return nextWithAnswers(state, maps.answers, maps.users, owner);
    }
    case 'CheckingStarted':
      return { checking: state.checking.set(event.data.testerId, event.data.quizId) };
  }
}
