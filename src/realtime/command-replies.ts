import type { QuizShowEvent } from '../../events';
import { testerAnswers, type LiveState } from '../../projections/live';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import type { Command } from '../commands';

/** What some commands answer besides success: the secret of a link they created, the tester's answers. */
export type ReplyExtras = Record<string, unknown>;

export interface ReplyContext {
  state: LiveState;
  tokens: OneTimeTokens;
}

export async function extrasFor(command: Command, events: QuizShowEvent[], ctx: ReplyContext): Promise<ReplyExtras> {
  switch (command.type) {
    case 'CreateTeamInvite':
    case 'CreateTeamInviteAsAdmin': {
      const created = events.find((e) => e.type === 'TeamInviteCreated');
      return created ? { token: await ctx.tokens.issue('invite', created.data.inviteId) } : {};
    }
    case 'CreateLoginLink': {
      const created = events.find((e) => e.type === 'LoginLinkCreated');
      return created ? { token: await ctx.tokens.issue('login', created.data.linkId) } : {};
    }
    case 'StartChecking':
      return { answers: testerAnswers(ctx.state, command.quizId) };
    default:
      return {};
  }
}
