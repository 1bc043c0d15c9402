import type { RatingEvent, ShipEvent } from '../../../events';
import type { Owner, PersistentMap } from '../persistent-map';
import { answerRated, nextWithAnswers, type AnswerLive, type LiveState, type UserLive } from '../state';

interface Maps {
  answers: PersistentMap<AnswerLive>;
  users: PersistentMap<UserLive>;
}

/** Gives an answer new points and keeps a single player's point sum in step. */
function rate(maps: Maps, answerId: string, points: number, checked: boolean, liked: boolean | null, tester: string | null, owner: Owner | null): Maps {
  const answer = maps.answers.get(answerId);
  if (!answer) return maps;
  const answers = maps.answers.set(answerId, answerRated(answer, points, checked, liked ?? answer.liked, tester), owner);
  if (!answer.userId || answer.teamId || points === answer.points) return { answers, users: maps.users };
  const delta = points - answer.points;
  return { answers, users: maps.users.update(answer.userId, (u) => ({ ...u, points: u.points + delta }), owner) };
}

export function evolveRating(state: LiveState, event: RatingEvent | ShipEvent, owner: Owner | null): LiveState | Partial<LiveState> {
  let maps: Maps = { answers: state.answers, users: state.users };
  switch (event.type) {
    case 'AnswerRated': {
      const { answerId, points, checked, liked, testerId } = event.data;
      maps = rate(maps, answerId, points, checked, liked, testerId, owner);
      return nextWithAnswers(state, maps.answers, maps.users, owner);
    }
    case 'AnswersBulkRated': {
      const { mark, points, answerIds } = event.data;
      const tester = event.metadata.actor.userId;
      const writer = owner ?? {}; // the maps this event makes are its own until it returns them
      for (const id of answerIds) {
        if (mark === 'correct') maps = rate(maps, id, points, true, null, tester, writer);
        else if (mark === 'wrong') maps = rate(maps, id, 0, true, null, tester, writer);
        else maps = rate(maps, id, 0, false, null, null, writer);
      }
      return maps;
    }
    case 'CheckingStarted':
      return { checking: state.checking.set(event.data.testerId, event.data.quizId) };
    case 'ShipQuestionCorrected': {
      const tester = event.metadata.actor.userId;
      const writer = owner ?? {};
      for (const r of event.data.results) maps = rate(maps, r.answerId, r.points, true, null, tester, writer);
      return maps;
    }
  }
}
