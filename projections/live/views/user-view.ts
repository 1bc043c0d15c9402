/** A user's own view: their account, their single answer and drawing of the live question. */
import type { DrawnStroke, Role } from '../../../events';
import { currentDrawing, currentSingleAnswer } from '../state/queries';
import type { LiveState, UserLive } from '../state/state';
import { userNoticeView, type ModeratedNoticeView } from '../rules/moderated';
import { nightAnswersOf, shownRating } from './team-view';
import { entry, keyedRead, type Reads } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';

export interface UserView {
  id: string;
  name: string;
  login: string;
  email: string | null;
  shownEmailPopupAt: number | null;
  teamId: string | null;
  currentAnswer: string | null;
  /**
   * The user's single-player points of the night's published rounds (PROTOCOL.md wave 5): null while
   * none of the night's points are published; later rounds stay hidden until they are.
   */
  points: number | null;
  /** The user's saved drawing of the open zeichnen question (stored strokes, 720x360), or null. */
  drawing: DrawnStroke[] | null;
  /** The user's roles now: a role granted or taken shows in the open app at once, not only in the next login token. */
  perm: Role[];
  /** What a moderator last changed of the user (mun), as a German notice; absent while nothing. */
  notice?: ModeratedNoticeView;
}

function drawingView(strokes: readonly DrawnStroke[] | null): DrawnStroke[] | null {
  return (
    strokes &&
    strokes.map(({ width, color, points }) => ({
      width,
      color,
      points: points.map(([x, y]) => [x, y] as [number, number]),
    }))
  );
}

/** The points of the user's single answers of the night whose rounds are published; null while the night's quiz has none published. */
export function shownSinglePoints(state: LiveState, user: UserLive): number | null {
  const night = state.night;
  if (!night || state.show.pointsCover?.quizId !== night.quizId) return null;
  let points = 0;
  for (const answer of nightAnswersOf(state, user.nightAnswers)) points += shownRating(state, answer).points ?? 0;
  return points;
}

export function userView(state: LiveState, userId: string): UserView | undefined {
  const user = state.users.get(userId);
  if (!user) return undefined;
  const notice = userNoticeView(user.moderated, user.name);
  return {
    id: user.id,
    name: user.name,
    login: user.login,
    email: user.email,
    shownEmailPopupAt: user.shownEmailPopupAt,
    teamId: user.teamId,
    currentAnswer: currentSingleAnswer(state, user),
    points: shownSinglePoints(state, user),
    drawing: drawingView(currentDrawing(state, user)),
    perm: [...user.roles],
    ...(notice ? { notice } : {}),
  };
}

type UserKey = ScopeKeyOf<'user'>;

/**
 * The user's single answer and drawing of the live question. They change with the user's entry, and
 * a new question turns them stale: that touches only the users who had one of the question before.
 */
const liveAnswer = keyedRead<UserKey>({
  of(state, { userId }) {
    const user = state.users.get(userId);
    return user ? [currentSingleAnswer(state, user), currentDrawing(state, user)] : null;
  },
  touches(state, previous, touched) {
    state.users.diff(previous.users, (userId) => touched.add(userId));
    if (state.questionSeq === previous.questionSeq) return;
    previous.users.forEach((user, userId) => {
      if (user.singleAnswer?.seq === previous.questionSeq || user.drawing?.seq === previous.questionSeq)
        touched.add(userId);
    });
  },
});

/**
 * The published points of the user's single answers: the night and what the published points cover
 * touch every user; an answer (a rating) touches its user; the user's entry touches them.
 */
const shownPoints = keyedRead<UserKey>({
  of(state, { userId }) {
    const user = state.users.get(userId);
    const night = state.night;
    if (!user || !night) return null;
    return [
      night.id,
      night.quizId,
      state.show.pointsCover,
      user.nightAnswers,
      ...nightAnswersOf(state, user.nightAnswers),
    ];
  },
  touches(state, previous, touched) {
    if (
      state.night?.id !== previous.night?.id ||
      state.night?.quizId !== previous.night?.quizId ||
      state.show.pointsCover !== previous.show.pointsCover
    )
      return 'all';
    state.users.diff(previous.users, (userId) => touched.add(userId));
    state.answers.diff(previous.answers, (_answerId, answer, was) => {
      if (answer?.userId && !answer.teamId) touched.add(answer.userId);
      if (was?.userId && !was.teamId) touched.add(was.userId);
    });
  },
});

const userReads: Reads<UserKey> = [entry((s) => s.users), liveAnswer, shownPoints];

export const userScope: ScopeDefinition<UserKey, UserView> = {
  reads: userReads,
  view: (state, { userId }) => userView(state, userId) ?? null,
};
