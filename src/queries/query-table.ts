/**
 * The query table (ARCHITECTURE.md rule 9): realtime messages that only read. Like a command entry,
 * each has its access and its parser at the edge; instead of a rule it has an answer, read from the
 * live state's views (and, for muf, from the upload store). Nothing is appended.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../../events';
import { isHiddenPicture, isMaintenance, pointsOverview, type LiveState } from '../../projections/live';
import {
  accessDenied,
  invalidTextRejection,
  isRejection,
  texts,
  type Access,
  type Rejection,
  type WireField,
} from '../commands';
import { reject } from '../commands/decision';
import { quizIdOf, textOf } from '../commands/fields';
import { GUARD_COMMAND_TEXTS } from '../commands/guards';
import { DECIDE_COMMAND_TEXTS } from '../commands/decide';

export interface QueryContext {
  state: LiveState;
  uploadsDir: string;
}

export type QueryAnswer = Record<string, unknown> | Rejection;

interface QueryEntry<Q> {
  readonly access: Access;
  readonly parse: (content: Readonly<Record<string, unknown>>) => Q | Rejection;
  readonly answer: (query: Q, ctx: QueryContext) => QueryAnswer | Promise<QueryAnswer>;
}

const MODERATOR: Access = { anyOf: ['moderator'] };

/** mup: the points overview of a quiz, ranked as the moderator publishes it. */
const pointsOverviewQuery: QueryEntry<{ quizId: string }> = {
  access: MODERATOR,
  parse: (c) => ({ quizId: quizIdOf(c.quiz) }),
  answer: ({ quizId }, { state }) =>
    state.quizzes.has(quizId)
      ? { ...pointsOverview(state, quizId) }
      : reject(GUARD_COMMAND_TEXTS.quizNotFound(quizId), 'not_found'),
};

/** muf: a folder of the upload store; paths that would leave it, and dot folders (`.incoming`: uploads under way), are refused. */
const uploadFolderQuery: QueryEntry<{ folder: string }> = {
  access: MODERATOR,
  parse: (c) => {
    const folder = textOf(c.folder);
    const leaves =
      folder.startsWith('/') || folder.includes('\\') || folder.split('/').some((part) => part.startsWith('.'));
    return leaves ? reject(texts.folderOutsideUploads, 'forbidden') : { folder };
  },
  answer: async ({ folder }, { uploadsDir, state }) => ({
    folder: markHidden(state, folder, await listFolder(uploadsDir, folder)),
  }),
};

interface Query {
  readonly access: Access;
  run(content: Readonly<Record<string, unknown>>, ctx: QueryContext): QueryAnswer | Promise<QueryAnswer>;
}

/** An entry with its parsed query's type closed over: parse, maintenance, answer. */
function query<Q>(entry: QueryEntry<Q>): Query {
  return {
    access: entry.access,
    run(content, ctx) {
      const parsed = entry.parse(content);
      if (isRejection(parsed)) return parsed;
      if (isMaintenance(ctx.state)) return reject(DECIDE_COMMAND_TEXTS.maintenance, 'maintenance');
      return entry.answer(parsed, ctx);
    },
  };
}

const queries: Readonly<Record<string, Query>> = {
  mup: query(pointsOverviewQuery),
  muf: query(uploadFolderQuery),
};

export const QUERY_CODES = Object.keys(queries);

/** The content fields of each query message, for docs/asyncapi.yaml. */
export const QUERY_CONTENT: Readonly<Record<string, Readonly<Record<string, WireField>>>> = {
  mup: { quiz: 'string|number' },
  muf: { folder: 'string' },
};

export function queryAccess(code: string): Access {
  return queries[code]?.access ?? { anyOf: [] };
}

export function isQuery(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(queries, code);
}

/**
 * Answers a query message: access, invalid text and parse (the edge, as for commands), then maintenance
 * refuses it like a command, then the answer.
 */
export async function answerQuery(
  code: string,
  content: Readonly<Record<string, unknown>>,
  actor: Actor,
  ctx: QueryContext,
): Promise<QueryAnswer> {
  const entry = queries[code];
  if (!entry) return reject(DECIDE_COMMAND_TEXTS.unknownCommand);
  return accessDenied(entry.access, actor) ?? invalidTextRejection(content) ?? entry.run(content, ctx);
}

/** mph: a hidden picture is listed with `hidden: true` (the moderator shows it again from here; the presentation skips it). */
function markHidden(
  state: LiveState,
  folder: string,
  entries: Array<{ name: string; isFile: boolean }>,
): Array<{ name: string; isFile: boolean; hidden?: true }> {
  const prefix = folder.split('/').filter(Boolean).join('/');
  return entries.map((entry) =>
    entry.isFile && isHiddenPicture(state, `${prefix}/${entry.name}`) ? { ...entry, hidden: true as const } : entry,
  );
}

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
