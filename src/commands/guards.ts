/** Who may do what, and defensive readers for untrusted command fields. */
import type { Role } from '../../events';
import type { LiveState, QuizLive, TeamLive, UserLive } from '../../projections/live';
import { textOf } from '../../projections/live/readers';
import { reject, type DecisionContext, type Rejection } from './decision';
import { texts } from './texts';

export function hasRole(ctx: DecisionContext, role: Role): boolean {
  return ctx.actor.roles.includes(role);
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

export function requireTeamMember(state: LiveState, ctx: DecisionContext, noTeam: string = texts.noTeam): Membership | Rejection {
  const user = requireUser(state, ctx);
  if ('ok' in user) return user;
  const team = user.teamId ? state.teams.get(user.teamId) : undefined;
  return team ? { user, team } : reject(noTeam, 'precondition');
}

export { numberOf, textOf, wholeNumberOf } from '../../projections/live/readers';

/** Quiz ids are strings; moderators type numbers. */
export function quizIdOf(value: unknown): string {
  return textOf(value).trim();
}

/** The quiz a command names (ids as `quizIdOf` reads them), or the spec's "no such quiz" rejection. */
export function requireQuiz(state: LiveState, value: unknown): QuizLive | Rejection {
  const quizId = quizIdOf(value);
  return state.quizzes.get(quizId) ?? reject(texts.quizNotFound(quizId), 'not_found');
}
