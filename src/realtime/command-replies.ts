import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { QuizShowEvent } from '../../events';
import { pointsOverview, testerAnswers, type LiveState } from '../../projections/live';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import type { Command } from '../commands';

/** What some commands answer besides success: tokens, query results. */
export type ReplyExtras = Record<string, unknown>;

export interface ReplyContext {
  state: LiveState;
  tokens: OneTimeTokens;
  uploadsDir: string;
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
      return { answers: testerAnswers(ctx.state, String(command.quiz)) };
    case 'QueryPointsOverview':
      return { ...pointsOverview(ctx.state, String(command.quiz)) };
    case 'ListUploadFolder':
      return { folder: await listFolder(ctx.uploadsDir, String(command.folder ?? '')) };
    default:
      return {};
  }
}

/** Lists a folder of the upload store; the decider already refused paths that leave it. */
async function listFolder(uploadsDir: string, folder: string): Promise<Array<{ name: string; isFile: boolean }>> {
  const root = path.resolve(uploadsDir);
  const dir = path.resolve(root, folder);
  if (dir !== root && !dir.startsWith(root + path.sep)) return [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => !e.name.startsWith('.'))
    .map((e) => ({ name: e.name, isFile: e.isFile() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
