/** What a rule requires of the acting user and of the state, as a value or the German rejection. */
import type { Role } from '../../events';
import type { LiveState, QuizLive, TeamLive, UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import { isRejection, reject, type DecisionContext, type Rejection } from './decision';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const GUARD_COMMAND_TEXTS = {
  // from the spec, verbatim
  quizNotFound: SHARED_TEXTS.quizNotFound,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  noTeam: 'Du bist in keinem Team.',
} as const;

export function hasRole(ctx: DecisionContext, role: Role): boolean {
  return ctx.actor.roles.includes(role);
}

/**
 * The acting user's id in a rule that only users reach: the command table's access (a role, or any
 * logged-in user) let no visitor and no scheduler through before the rule.
 */
export function actorId(ctx: DecisionContext): string {
  return present(ctx.actor.userId, "the acting user (the command's access admits users only)");
}

export function requireRole(ctx: DecisionContext, role: Role): Rejection | null {
  if (ctx.actor.userId === null) return reject(texts.notAuthenticated, 'unauthenticated');
  return hasRole(ctx, role) ? null : reject(texts.forbidden, 'forbidden');
}

export function requireUser(state: LiveState, ctx: DecisionContext): UserLive | Rejection {
  if (ctx.actor.userId === null) return reject(texts.notAuthenticated, 'unauthenticated');
  return state.users.get(ctx.actor.userId) ?? reject(texts.notFound(ctx.actor.userId), 'not_found');
}

export interface Membership {
  user: UserLive;
  team: TeamLive;
}

export function requireTeamMember(
  state: LiveState,
  ctx: DecisionContext,
  noTeam: string = GUARD_COMMAND_TEXTS.noTeam,
): Membership | Rejection {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const team = user.teamId ? state.teams.get(user.teamId) : undefined;
  return team ? { user, team } : reject(noTeam, 'precondition');
}

/** The quiz a command names, or the spec's "no such quiz" rejection. */
export function requireQuiz(state: LiveState, quizId: string): QuizLive | Rejection {
  return state.quizzes.get(quizId) ?? reject(GUARD_COMMAND_TEXTS.quizNotFound(quizId), 'not_found');
}
