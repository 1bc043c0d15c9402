/**
 * What a rating does to an answer: the one meaning of tua/tur, regex marks and ship corrections,
 * shared by the live reducer and the read projection.
 */
import type { QuizShowEvent, RegexMark } from '../../../events';
import type { RatedFields } from '../state/state';

/** One answer's rating: its new points, check, like (null keeps the answer's like) and tester. */
export interface Rating {
  readonly answerId: string;
  readonly points: number;
  readonly checked: boolean;
  readonly liked: boolean | null;
  readonly tester: string | null;
}

/** The points a regex mark gives each matching answer: the given points when correct, else 0. */
export function markPoints(mark: RegexMark, points: number): number {
  return mark === 'correct' ? points : 0;
}

/**
 * A regex mark: correct and wrong check the answer, unchecked takes the check and the tester back.
 * The like stays.
 */
export function markRating(answerId: string, mark: RegexMark, points: number, tester: string | null): Rating {
  const checked = mark !== 'unchecked';
  return { answerId, points: markPoints(mark, points), checked, liked: null, tester: checked ? tester : null };
}

/**
 * The ratings an event gives, in order; none for any other event. A tester's rating sets all four
 * fields; regex marks and ship corrections count for the user who ran them and keep the like.
 */
export function ratingsOf(event: QuizShowEvent): Rating[] {
  switch (event.type) {
    case 'AnswerRated': {
      const d = event.data;
      return [{ answerId: d.answerId, points: d.points, checked: d.checked, liked: d.liked, tester: d.testerId }];
    }
    case 'AnswersBulkRated': {
      const { mark, points, answerIds } = event.data;
      const tester = event.metadata.actor.userId;
      return answerIds.map((answerId) => markRating(answerId, mark, points, tester));
    }
    case 'ShipQuestionCorrected': {
      const tester = event.metadata.actor.userId;
      return event.data.results.map((r) => ({
        answerId: r.answerId,
        points: r.points,
        checked: true,
        liked: null,
        tester,
      }));
    }
    default:
      return [];
  }
}

/** The answer's points, check, like and tester once the rating applies. */
export function afterRating(answer: { readonly liked: boolean }, rating: Rating): RatedFields {
  return { points: rating.points, checked: rating.checked, liked: rating.liked ?? answer.liked, tester: rating.tester };
}
