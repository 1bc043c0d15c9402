/** A user's own view: their account, their single answer and drawing of the live question. */
import type { DrawnStroke, Role } from '../../../events';
import { currentDrawing, currentSingleAnswer } from '../state/queries';
import type { LiveState } from '../state/state';
import { userNoticeView, type ModeratedNoticeView } from '../rules/moderated';
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
  points: number;
  /** The user's saved drawing of the open zeichnen question (stored strokes, 720x360), or null. */
  drawing: DrawnStroke[] | null;
  /** The user's roles now: a role granted or taken shows in the open app at once, not only in the next login token. */
  perm: Role[];
  /** What a moderator last changed of the user (mun), as a German notice; absent while nothing. */
  notice?: ModeratedNoticeView;
}

function drawingView(strokes: readonly DrawnStroke[] | null): DrawnStroke[] | null {
  return strokes && strokes.map(({ width, color, points }) => ({ width, color, points: points.map(([x, y]) => [x, y] as [number, number]) }));
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
    points: user.points,
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
      if (user.singleAnswer?.seq === previous.questionSeq || user.drawing?.seq === previous.questionSeq) touched.add(userId);
    });
  },
});

const userReads: Reads<UserKey> = [entry((s) => s.users), liveAnswer];

export const userScope: ScopeDefinition<UserKey, UserView> = {
  reads: userReads,
  view: (state, { userId }) => userView(state, userId) ?? null,
};
